// What a failed request looks like to the rest of the page, whichever way it went (REST
// or the socket): an ApiError with the server's stable code, worded from the catalogue by
// that code (`error.<code>`; a sentence for any code the catalogue does not know), or one
// of the codes the page gives when no answer came at all. The server's own sentence is
// English and is kept only as `serverMessage`, never shown: a screen says `message`.

import { has, t } from './i18n.js';

/** The catalogue's words for the error `code`, or its sentence for an error it does not know. */
export function errorText(code, params = {}) {
  const key = `error.${code}`;
  return has(key) ? t(key, params) : t('error.unknown');
}

export class ApiError extends Error {
  /**
   * @param code the server's stable code (or NETWORK_ERROR, OFFLINE)
   * @param options.text words to show instead of the catalogue's for `code`
   * @param options.serverMessage the server's sentence, for the console only
   */
  constructor(code, { status = 0, game = null, text = null, serverMessage = null } = {}) {
    super(text ?? errorText(code));
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.serverMessage = serverMessage;
    /** For `stale_state`: the game as it now stands. */
    this.game = game;
  }
}

/** A REST call that got no answer: the server could not be reached. */
export const NETWORK_ERROR = 'network';

/** A socket request that got no answer: not connected, the connection went, or no reply in time. */
export const OFFLINE = 'offline';

/**
 * What a server answers while its database fails over: `database_unavailable` (whether the
 * request was stored is not known) or `storage_unavailable` (its wait for a connection ran
 * out; nothing was stored). Either is sent again as it was: a move keeps its number and is
 * applied once.
 */
export const SEND_AGAIN = ['database_unavailable', 'storage_unavailable'];
