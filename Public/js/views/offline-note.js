// Says so when the device has no connection: the page itself opened from the copy the
// service worker keeps, but games, chat and lists need the server. Gone when the
// connection comes back (the socket then reconnects on its own).

import { setText } from '../dom.js';

export function mountOfflineNote(root) {
  function render() {
    const offline = navigator.onLine === false;
    root.hidden = !offline;
    document.body.dataset.offline = String(offline);
    setText(root, offline ? 'You are offline. Games, chat and lists come back as soon as the connection does.' : '');
  }
  window.addEventListener('online', render);
  window.addEventListener('offline', render);
  render();
}
