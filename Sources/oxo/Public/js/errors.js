// What a failed request looks like to the rest of the page, whichever way it went (REST
// or the socket): an ApiError with the server's stable code and its sentence for people,
// or one of the codes the page gives when no answer came at all.

export class ApiError extends Error {
  constructor(code, message, { status = 0, game = null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    /** For `stale_state`: the game as it now stands. */
    this.game = game;
  }
}

/** A REST call that got no answer: the server could not be reached. */
export const NETWORK_ERROR = 'network';

/** A socket request that got no answer: not connected, the connection went, or no reply in time. */
export const OFFLINE = 'offline';
