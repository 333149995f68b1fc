// The installable web app's side of the page: registers the service worker (../sw.js),
// which keeps the page's files for opening offline and shows pushed notifications, and
// follows a tapped notification to its screen when this page is the one it brings forward.

export function registerServiceWorker({ onOpen }) {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data?.kind !== 'open' || typeof event.data.url !== 'string') return;
    const url = new URL(event.data.url, location.href);
    if (url.origin === location.origin) onOpen(url.hash.replace(/^#/, '') || '/');
  });
  navigator.serviceWorker.startMessages();
  // Registered once the page has loaded, so it never slows the first paint.
  // A page that cannot register it still works, online.
  const start = () => navigator.serviceWorker.register('sw.js').catch(() => {});
  if (document.readyState === 'complete') start(); else window.addEventListener('load', start, { once: true });
}
