// The topics the socket follows (socket.js), each with the last sequence number seen on
// it: a new connection resumes each topic from there (`after`), so it gets exactly what
// it missed, or a fresh snapshot when nothing was seen yet.

/**
 * @param {object} options
 * @param {(message: object, options?: {onAck?: (ack: object) => void}) => Promise<object>} options.request
 *        socket-requests.js's request
 * @param {() => boolean} options.isWelcomed whether the server has welcomed the socket
 * @param {(topic: string, seq: number, event: object) => void} options.onEvent
 * @param {(topic: string, seq: number, snapshot: object) => void} options.onSnapshot
 */
export function createTopics({ request, isWelcomed, onEvent, onSnapshot }) {
  /** topic -> last seq seen; a followed topic without an entry gets a snapshot. */
  const followed = new Map();

  /** A subscription's ack says how far its topic has got, events included. */
  function acknowledged(topic, ack) {
    if (typeof ack.seq !== 'number' || !followed.has(topic)) return;
    const last = followed.get(topic);
    if (last === undefined || last === null || ack.seq > last) followed.set(topic, ack.seq);
  }

  function subscribe(topic) {
    const after = followed.get(topic);
    const message = { type: 'subscribe', topic };
    if (typeof after === 'number') message.after = after;
    request(message, { onAck: (ack) => acknowledged(topic, ack) }).catch(() => {
      // Offline: the next welcome subscribes again. Refused (no such game): nothing to follow.
    });
  }

  return {
    /** Follows a topic from now on, across reconnections. */
    follow(topic) {
      if (followed.has(topic)) return;
      followed.set(topic, null);
      if (isWelcomed()) subscribe(topic);
    },

    unfollow(topic) {
      if (!followed.has(topic)) return;
      followed.delete(topic);
      if (isWelcomed()) request({ type: 'unsubscribe', topic }).catch(() => {});
    },

    /** Every topic followed, after a welcome: each from the last seq seen. */
    resubscribe() {
      for (const topic of followed.keys()) subscribe(topic);
    },

    event({ topic, seq, event }) {
      if (!followed.has(topic)) return;
      const last = followed.get(topic);
      if (last !== undefined && last !== null && seq <= last) return; // seen already
      if (last !== undefined && last !== null && seq > last + 1) {
        // A gap should not happen on one socket; ask again from what we have.
        subscribe(topic);
        return;
      }
      followed.set(topic, seq);
      onEvent(topic, seq, event);
    },

    snapshot({ topic, seq, snapshot }) {
      if (!followed.has(topic)) return;
      followed.set(topic, seq);
      onSnapshot(topic, seq, snapshot);
    },

    /** The server no longer follows this topic for us, so neither do we, nor on reconnect. */
    dropped(topic) {
      followed.delete(topic);
    },

    clear() {
      followed.clear();
    },
  };
}
