// The one banner about the connection: the device offline (signed in or not: the page
// itself opens from the service worker's copy), the server out of reach with a countdown
// to the next attempt, and "Reconnected." once the page is live again. Offline, the page
// keeps what it last heard, and the banner says from when.

import { el, setText } from '../dom.js';
import { formatDate, t } from '../i18n.js';

export function mountConnectionBanner(root, { store, onRetry }) {
  const text = el('span', { class: 'connection-text' });
  const retry = el('button', { type: 'button', class: 'link-button', text: t('connection.retry') });
  retry.addEventListener('click', onRetry);
  root.replaceChildren(text, retry);
  let countdown = null;
  let hideTimer = null;
  let wasDown = false;
  let shown = null;
  /** The socket's state at the last render, to see it stop being live. */
  let previous = null;
  /** When the page stopped hearing the server live (this device's clock), or null while it does, or never did. */
  let liveUntil = null;

  function show(message, { canRetry = false, tone = 'warn' } = {}) {
    root.hidden = false;
    root.dataset.tone = tone;
    retry.hidden = !canRetry;
    setText(text, message);
  }

  function showOffline(signedIn) {
    show(signedIn && liveUntil !== null
      ? t('connection.offlineSince', { time: formatDate(liveUntil, { hour: 'numeric', minute: '2-digit' }) })
      : t('connection.offline'));
  }

  function render(state) {
    const connection = state.connection;
    const offline = navigator.onLine === false || connection.state === 'no-network';
    if (connection.state !== previous) {
      if (previous === 'online') liveUntil = Date.now();
      if (connection.state === 'online') liveUntil = null;
      previous = connection.state;
    }
    const key = `${offline}:${connection.state}:${connection.retryAt ?? ''}:${state.session ? 1 : 0}`;
    if (key === shown) return;
    shown = key;
    document.body.dataset.connection = connection.state;
    document.body.dataset.offline = String(offline);
    clearInterval(countdown);
    countdown = null;
    clearTimeout(hideTimer);
    if (offline) {
      wasDown = Boolean(state.session);
      showOffline(Boolean(state.session));
      return;
    }
    if (!state.session) {
      root.hidden = true;
      wasDown = false;
      return;
    }
    if (connection.state === 'online') {
      if (wasDown) {
        document.body.dataset.reconnects = String(Number(document.body.dataset.reconnects ?? 0) + 1);
        show(t('connection.reconnected'), { tone: 'ok' });
        hideTimer = setTimeout(() => { root.hidden = true; }, 2500);
      } else {
        root.hidden = true;
      }
      wasDown = false;
      return;
    }
    if (connection.state === 'connecting') {
      show(t('connection.connecting'), { tone: 'info' });
      return;
    }
    if (connection.state === 'reconnecting') {
      wasDown = true;
      const tick = () => {
        const seconds = Math.ceil(((connection.retryAt ?? Date.now()) - Date.now()) / 1000);
        show(seconds > 0 ? t('connection.reconnectingIn', { seconds }) : t('connection.reconnecting'),
          { canRetry: seconds > 0 });
      };
      tick();
      countdown = setInterval(tick, 500);
      return;
    }
    root.hidden = true;
  }

  render(store.state);
  store.subscribe(render);
  // Signed out there is no socket to tell of the network: the browser does.
  window.addEventListener('online', () => render(store.state));
  window.addEventListener('offline', () => render(store.state));
}
