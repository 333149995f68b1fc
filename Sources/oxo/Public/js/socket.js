// The realtime socket (docs/PROTOCOL.md): one WebSocket at /v1/socket?token=…, topics
// followed with per-topic sequence numbers, reconnection with backoff, and resumption
// with `after` = the last sequence number seen on each topic. Its pings also read the
// server's time (server-clock.js).

import { ApiError, OFFLINE } from './errors.js';
import { t } from './i18n.js';

/** Delays before reconnect attempts, in ms; the last repeats. Each gets ±25 % jitter. */
const BACKOFF = [300, 1000, 2000, 4000, 8000, 15000];
/** How often the client checks the connection is alive, and how long it waits for a pong. */
const HEARTBEAT_EVERY = 20000;
const HEARTBEAT_WAIT = 10000;
const REQUEST_TIMEOUT = 10000;

/**
 * @param {object} options
 * @param {() => string} options.url the socket's address, token included
 * @param {(topic: string, seq: number, event: object) => void} options.onEvent
 * @param {(topic: string, seq: number, snapshot: object) => void} options.onSnapshot
 * @param {(status: {state: string, retryAt?: number, attempt?: number}) => void} options.onStatus
 *        state: "connecting" | "online" | "reconnecting" | "no-network" (the device has none: no attempts
 *        until it is back) | "offline" (stopped)
 * @param {(user: object) => void} options.onWelcome called on each welcome, with the signed-in user
 * @param {() => Promise<void>} options.onHandshakeFailed called when a connection closed
 *        before the server's welcome, for example to find out whether the token still works
 * @param {(reading: {serverTime?: string, sentAt: number, receivedAt: number}) => void} options.onServerTime
 *        each pong's `server_time`, with when its ping left and its pong came (performance.now())
 */
export function createRealtime({ url, onEvent, onSnapshot, onStatus, onWelcome = () => {}, onHandshakeFailed = async () => {},
  onServerTime = () => {} }) {
  let socket = null;
  let welcomed = false;
  let stopped = true;
  let attempt = 0;
  let reconnectTimer = null;
  let heartbeatTimer = null;
  let pongTimer = null;
  /** { id, sentAt } of the ping waiting for its pong */
  let lastPing = null;
  let nextId = 1;
  /** topic -> last seq seen; a followed topic without an entry gets a snapshot. */
  const followed = new Map();
  /** request id -> { resolve, reject, timer, topic? } */
  const pending = new Map();

  function status(state, extra = {}) {
    onStatus({ state, attempt, ...extra });
  }

  function start() {
    if (!stopped) return;
    stopped = false;
    attempt = 0;
    window.addEventListener('online', reconnectNow);
    window.addEventListener('offline', waitForNetwork);
    connect();
  }

  function stop() {
    stopped = true;
    window.removeEventListener('online', reconnectNow);
    window.removeEventListener('offline', waitForNetwork);
    clearTimeout(reconnectTimer);
    const current = socket;
    detach();
    current?.close(1000, 'signed out');
    followed.clear();
    status('offline');
  }

  function connect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
    if (navigator.onLine === false) {
      waitForNetwork();
      return;
    }
    status(attempt === 0 ? 'connecting' : 'reconnecting');
    welcomed = false;
    const ws = new WebSocket(url());
    socket = ws;
    ws.onmessage = (message) => {
      if (socket !== ws) return;
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      receive(data);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      const hadWelcome = welcomed;
      detach();
      if (stopped) return;
      if (!hadWelcome) onHandshakeFailed().catch(() => {}).finally(() => { if (!stopped) scheduleReconnect(); });
      else if (event.code === 1012) connect(); // the server restarts: another node takes us now
      else scheduleReconnect();
    };
    ws.onerror = () => {
      // A close event always follows; that is where reconnection happens.
    };
  }

  /** Forgets the current socket: pending requests fail, timers stop. */
  function detach() {
    if (socket) {
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    socket = null;
    welcomed = false;
    clearInterval(heartbeatTimer);
    clearTimeout(pongTimer);
    heartbeatTimer = null;
    pongTimer = null;
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      request.reject(new ApiError(OFFLINE, { text: t('error.offline.lost') }));
      pending.delete(id);
    }
  }

  function scheduleReconnect() {
    if (navigator.onLine === false) {
      waitForNetwork();
      return;
    }
    const base = BACKOFF[Math.min(attempt, BACKOFF.length - 1)];
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    attempt += 1;
    status('reconnecting', { retryAt: Date.now() + delay });
    reconnectTimer = setTimeout(connect, delay);
  }

  /**
   * The device has no network: attempts would fail for as long as that lasts, so there are
   * none until the browser says it is back (`online`, which reconnects at once). A socket
   * still open is given up: nothing can reach it.
   */
  function waitForNetwork() {
    if (stopped) return;
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const current = socket;
    detach();
    try { current?.close(); } catch { /* already closing */ }
    status('no-network');
  }

  /** Skips the wait, for example when the browser says the network is back. */
  function reconnectNow() {
    if (stopped || socket) return;
    connect();
  }

  function receive(message) {
    switch (message.type) {
      case 'welcome':
        welcomed = true;
        attempt = 0;
        onWelcome(message.user);
        // At once, not in 20 s: the pong brings the server's time, which the clocks need now;
        // and before the subscriptions, so that it does not wait behind their snapshots.
        ping();
        status('online');
        for (const topic of followed.keys()) subscribe(topic);
        startHeartbeat();
        break;
      case 'event':
        receiveEvent(message);
        break;
      case 'snapshot':
        if (!followed.has(message.topic)) return;
        followed.set(message.topic, message.seq);
        onSnapshot(message.topic, message.seq, message.snapshot);
        break;
      case 'error':
        // With a topic and no request: the server no longer follows that topic for us
        // (an unlisted game that started without us), so neither do we, nor on reconnect.
        if (message.id === undefined && message.topic) followed.delete(message.topic);
        settle(message);
        break;
      case 'pong':
        if (message.id === lastPing?.id) {
          onServerTime({ serverTime: message.server_time, sentAt: lastPing.sentAt, receivedAt: performance.now() });
        }
        settle(message);
        break;
      case 'ack':
        settle(message);
        break;
      default:
        break;
    }
  }

  function receiveEvent({ topic, seq, event }) {
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
  }

  function settle(message) {
    if (message.type === 'pong') clearTimeout(pongTimer);
    const request = message.id !== undefined ? pending.get(message.id) : undefined;
    if (!request) return;
    pending.delete(message.id);
    clearTimeout(request.timer);
    if (message.type === 'error') {
      const error = message.error ?? {};
      request.reject(new ApiError(error.code ?? 'error', { game: error.game ?? null, serverMessage: error.message ?? null }));
      return;
    }
    if (request.topic && typeof message.seq === 'number' && followed.has(request.topic)) {
      const last = followed.get(request.topic);
      if (last === undefined || last === null || message.seq > last) followed.set(request.topic, message.seq);
    }
    request.resolve(message);
  }

  function startHeartbeat() {
    clearInterval(heartbeatTimer);
    heartbeatTimer = setInterval(ping, HEARTBEAT_EVERY);
  }

  function ping() {
    const ws = socket;
    if (!ws || !welcomed) return;
    lastPing = { id: `p${nextId++}`, sentAt: performance.now() };
    send({ type: 'ping', id: lastPing.id });
    clearTimeout(pongTimer);
    pongTimer = setTimeout(() => {
      // No answer: the connection is dead even if the browser has not noticed.
      if (socket !== ws) return;
      detach();
      try { ws.close(); } catch { /* already closing */ }
      if (!stopped) scheduleReconnect();
    }, HEARTBEAT_WAIT);
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Sends a request and resolves with the server's `ack`, or rejects with its error. */
  function request(message, { topic } = {}) {
    return new Promise((resolve, reject) => {
      if (!welcomed) {
        reject(new ApiError(OFFLINE));
        return;
      }
      const id = String(nextId++);
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new ApiError(OFFLINE, { text: t('error.offline.timeout') }));
      }, REQUEST_TIMEOUT);
      pending.set(id, { resolve, reject, timer, topic });
      send({ ...message, id });
    });
  }

  function subscribe(topic) {
    const after = followed.get(topic);
    const message = { type: 'subscribe', topic };
    if (typeof after === 'number') message.after = after;
    request(message, { topic }).catch(() => {
      // Offline: the next welcome subscribes again. Refused (no such game): nothing to follow.
    });
  }

  /** Follows a topic from now on, across reconnections. */
  function follow(topic) {
    if (followed.has(topic)) return;
    followed.set(topic, null);
    if (welcomed) subscribe(topic);
  }

  function unfollow(topic) {
    if (!followed.has(topic)) return;
    followed.delete(topic);
    if (welcomed) request({ type: 'unsubscribe', topic }).catch(() => {});
  }

  return {
    start,
    stop,
    follow,
    unfollow,
    /** Reconnects at once instead of waiting for the next attempt. */
    retry: reconnectNow,
    /** Sends a move; resolves with the game after it. */
    async move(gameId, cell, moveNumber) {
      const ack = await request({ type: 'move', game: gameId, cell, move_number: moveNumber });
      return ack.game;
    },
    get connected() {
      return welcomed;
    },
  };
}
