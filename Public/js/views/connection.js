// The banner that says when the socket is down, counts down to the next attempt, and
// says so when the page is live again.

import { el, setText } from '../dom.js';

export function mountConnectionBanner(root, { store, onRetry }) {
  const text = el('span', { class: 'connection-text' });
  const retry = el('button', { type: 'button', class: 'link-button', text: 'Retry now' });
  retry.addEventListener('click', onRetry);
  root.replaceChildren(text, retry);
  let countdown = null;
  let hideTimer = null;
  let wasDown = false;
  let shown = null;

  function show(message, { canRetry = false, tone = 'warn' } = {}) {
    root.hidden = false;
    root.dataset.tone = tone;
    retry.hidden = !canRetry;
    setText(text, message);
  }

  function render(state) {
    const connection = state.connection;
    const key = `${connection.state}:${connection.retryAt ?? ''}:${state.session ? 1 : 0}`;
    if (key === shown) return;
    shown = key;
    document.body.dataset.connection = connection.state;
    clearInterval(countdown);
    countdown = null;
    if (!state.session) {
      root.hidden = true;
      wasDown = false;
      return;
    }
    if (connection.state === 'online') {
      clearTimeout(hideTimer);
      if (wasDown) {
        document.body.dataset.reconnects = String(Number(document.body.dataset.reconnects ?? 0) + 1);
        show('Reconnected. Everything is up to date.', { tone: 'ok' });
        hideTimer = setTimeout(() => { root.hidden = true; }, 2500);
      } else {
        root.hidden = true;
      }
      wasDown = false;
      return;
    }
    clearTimeout(hideTimer);
    if (connection.state === 'connecting') {
      show('Connecting to the server…', { tone: 'info' });
      return;
    }
    if (connection.state === 'reconnecting') {
      wasDown = true;
      const tick = () => {
        const seconds = Math.ceil(((connection.retryAt ?? Date.now()) - Date.now()) / 1000);
        show(seconds > 0 ? `Connection lost. Reconnecting in ${seconds} s` : 'Connection lost. Reconnecting…',
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
}
