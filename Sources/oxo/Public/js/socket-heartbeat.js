// The socket's heartbeat (socket.js): a ping as soon as the server welcomes the socket and
// every 20 s after. No pong within 10 s means the connection is dead even if the browser
// has not noticed. Each pong also reads the server's time (server-clock.js).

const HEARTBEAT_EVERY = 20000;
const HEARTBEAT_WAIT = 10000;

/**
 * @param {object} options
 * @param {(message: object) => boolean} options.send sends on the socket, if it is open
 * @param {(reading: {serverTime?: string, sentAt: number, receivedAt: number}) => void} options.onServerTime
 * @param {() => void} options.onSilence called when a pong is overdue
 */
export function createHeartbeat({ send, onServerTime, onSilence }) {
  let heartbeatTimer = null;
  let pongTimer = null;
  /** { id, sentAt } of the ping waiting for its pong */
  let lastPing = null;
  let nextId = 1;

  function ping() {
    lastPing = { id: `p${nextId++}`, sentAt: performance.now() };
    send({ type: 'ping', id: lastPing.id });
    clearTimeout(pongTimer);
    pongTimer = setTimeout(onSilence, HEARTBEAT_WAIT);
  }

  return {
    /** Pings at once, not in 20 s: the pong brings the server's time, which the clocks need now. */
    start() {
      ping();
      clearInterval(heartbeatTimer);
      heartbeatTimer = setInterval(ping, HEARTBEAT_EVERY);
    },

    stop() {
      clearInterval(heartbeatTimer);
      clearTimeout(pongTimer);
      heartbeatTimer = null;
      pongTimer = null;
    },

    pong(message) {
      if (message.id === lastPing?.id) {
        onServerTime({ serverTime: message.server_time, sentAt: lastPing.sentAt, receivedAt: performance.now() });
      }
      clearTimeout(pongTimer);
    },
  };
}
