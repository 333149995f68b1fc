// The socket's requests (socket.js): each sent with an id of its own and settled by the
// `ack` or `error` that carries it back, or failed as offline when no answer comes in
// time or the socket goes, so that the caller can try REST instead.

import { ApiError, OFFLINE } from './errors.js';
import { t } from './i18n.js';

const REQUEST_TIMEOUT = 10000;

/**
 * @param {object} options
 * @param {(message: object) => boolean} options.send sends on the socket, if it is open
 * @param {() => boolean} options.isWelcomed whether the server has welcomed the socket:
 *        until it has, a request fails at once
 */
export function createRequests({ send, isWelcomed }) {
  let nextId = 1;
  /** request id -> { resolve, reject, timer, onAck? } */
  const pending = new Map();

  return {
    /**
     * Sends a request and resolves with the server's `ack`, or rejects with its error.
     * `onAck` is given the ack as it arrives, before whatever the socket receives next.
     */
    request(message, { onAck } = {}) {
      return new Promise((resolve, reject) => {
        if (!isWelcomed()) {
          reject(new ApiError(OFFLINE));
          return;
        }
        const id = String(nextId++);
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new ApiError(OFFLINE, { text: t('error.offline.timeout') }));
        }, REQUEST_TIMEOUT);
        pending.set(id, { resolve, reject, timer, onAck });
        send({ ...message, id });
      });
    },

    /** An `ack` or an `error`: the request it answers, if any, is settled. */
    settle(message) {
      const request = message.id !== undefined ? pending.get(message.id) : undefined;
      if (!request) return;
      pending.delete(message.id);
      clearTimeout(request.timer);
      if (message.type === 'error') {
        const error = message.error ?? {};
        request.reject(new ApiError(error.code ?? 'error', { game: error.game ?? null, serverMessage: error.message ?? null }));
        return;
      }
      request.onAck?.(message);
      request.resolve(message);
    },

    /** The socket is gone: no answer will come to what waits. */
    failAll() {
      for (const [id, request] of pending) {
        clearTimeout(request.timer);
        request.reject(new ApiError(OFFLINE, { text: t('error.offline.lost') }));
        pending.delete(id);
      }
    },
  };
}
