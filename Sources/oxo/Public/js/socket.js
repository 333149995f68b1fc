// The realtime socket (docs/PROTOCOL.md): one WebSocket at /v1/socket?token=…, its
// reconnection with backoff, and what each message from the server goes to. The topics
// and the last sequence number seen on each, which a new connection resumes from, are in
// socket-topics.js; requests awaiting answers in socket-requests.js; pings, which also read
// the server's time, in socket-heartbeat.js.

import { createHeartbeat } from './socket-heartbeat.js';
import { createRequests } from './socket-requests.js';
import { createTopics } from './socket-topics.js';

/** Delays before reconnect attempts, in ms; the last repeats. Each gets ±25 % jitter. */
const BACKOFF = [300, 1000, 2000, 4000, 8000, 15000];

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
  const isWelcomed = () => welcomed;
  const requests = createRequests({ send, isWelcomed });
  const topics = createTopics({ request: requests.request, isWelcomed, onEvent, onSnapshot });
  const heartbeat = createHeartbeat({ send, onServerTime, onSilence: () => { drop(); if (!stopped) scheduleReconnect(); } });

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
    drop(1000, 'signed out');
    topics.clear();
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
    heartbeat.stop();
    requests.failAll();
  }

  /** Forgets the current socket and closes it, when there is one still open. */
  function drop(code, reason) {
    const current = socket;
    detach();
    try { current?.close(code, reason); } catch { /* already closing */ }
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
    drop();
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
        // Before the subscriptions, so that its pong does not wait behind their snapshots.
        heartbeat.start();
        status('online');
        topics.resubscribe();
        break;
      case 'event':
        topics.event(message);
        break;
      case 'snapshot':
        topics.snapshot(message);
        break;
      case 'error':
        // With a topic and no request: the server no longer follows that topic for us
        // (an unlisted game that started without us).
        if (message.id === undefined && message.topic) topics.dropped(message.topic);
        requests.settle(message);
        break;
      case 'pong':
        heartbeat.pong(message);
        break;
      case 'ack':
        requests.settle(message);
        break;
      default:
        break;
    }
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  return {
    start,
    stop,
    follow: topics.follow,
    unfollow: topics.unfollow,
    /** Reconnects at once instead of waiting for the next attempt. */
    retry: reconnectNow,
    /** Sends a move; resolves with the game after it. */
    async move(gameId, cell, moveNumber) {
      const ack = await requests.request({ type: 'move', game: gameId, cell, move_number: moveNumber });
      return ack.game;
    },
    get connected() {
      return welcomed;
    },
  };
}
