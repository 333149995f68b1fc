// The service worker: keeps a copy of the web client's own files so that the page opens
// without a connection (the page then says it is offline: js/views/connection.js), shows the
// notifications the server pushes while no OXO page is open, and opens the screen a
// notification tells of when it is tapped.
//
// Only the files listed here are ever answered from the copy, and only when the network
// fails: the server sends them `no-cache` so an upgrade reaches everyone at once, and an
// API answer (/v1/...) is never stored, since it would show a game or an inbox as it was.
// test_installable.py checks that every file under Public/ is listed.

const CACHE = 'oxo-shell-1';
const SHELL = [
  './',
  './css/boards.css',
  './css/oxo.css',
  './css/screen-reader.css',
  './favicon.svg',
  './icons/icon-192.png',
  './icons/icon-512.png',
  './icons/maskable-512.png',
  './index.html',
  './js/actions-account.js',
  './js/actions-chat.js',
  './js/actions-games.js',
  './js/actions-social.js',
  './js/actions-tournaments.js',
  './js/actions.js',
  './js/api.js',
  './js/attention.js',
  './js/describe.js',
  './js/dom.js',
  './js/errors.js',
  './js/focus-in-view.js',
  './js/i18n.js',
  './js/i18n/en.js',
  './js/i18n/es.js',
  './js/i18n/fr.js',
  './js/install.js',
  './js/main.js',
  './js/pace.js',
  './js/paths.js',
  './js/push-device.js',
  './js/router.js',
  './js/screen-reader.js',
  './js/server-clock.js',
  './js/session.js',
  './js/socket-heartbeat.js',
  './js/socket-requests.js',
  './js/socket-topics.js',
  './js/socket.js',
  './js/spoken.js',
  './js/store-challenges.js',
  './js/store-chat.js',
  './js/store-games.js',
  './js/store-social.js',
  './js/store-tournaments.js',
  './js/store.js',
  './js/system-notifications.js',
  './js/theme-boot.js',
  './js/theme.js',
  './js/variants.js',
  './js/views/access-tokens.js',
  './js/views/account-data.js',
  './js/views/announcer.js',
  './js/views/auth.js',
  './js/views/bell.js',
  './js/views/board-cells.js',
  './js/views/board.js',
  './js/views/catalogue-game.js',
  './js/views/catalogue-list.js',
  './js/views/catalogue-nav.js',
  './js/views/catalogue-player.js',
  './js/views/catalogue.js',
  './js/views/challenge-dialog.js',
  './js/views/challenges.js',
  './js/views/chat-message.js',
  './js/views/chat-panel.js',
  './js/views/connection.js',
  './js/views/follow-list.js',
  './js/views/following.js',
  './js/views/friends.js',
  './js/views/game-chat.js',
  './js/views/game-clocks.js',
  './js/views/game-commands.js',
  './js/views/game-controls.js',
  './js/views/game-keys.js',
  './js/views/game-list.js',
  './js/views/game-moves.js',
  './js/views/game-players.js',
  './js/views/game-screen-reader.js',
  './js/views/game-share.js',
  './js/views/game-speech.js',
  './js/views/game-status.js',
  './js/views/game-together.js',
  './js/views/game-variant.js',
  './js/views/game.js',
  './js/views/guest.js',
  './js/views/history.js',
  './js/views/leaderboard.js',
  './js/views/lobby.js',
  './js/views/messages.js',
  './js/views/new-game.js',
  './js/views/notification-settings.js',
  './js/views/online.js',
  './js/views/password.js',
  './js/views/photo-input.js',
  './js/views/profile-tournaments.js',
  './js/views/profile.js',
  './js/views/push-switch.js',
  './js/views/random.js',
  './js/views/rating-chart.js',
  './js/views/replay.js',
  './js/views/screen-reader-offer.js',
  './js/views/screen-reader-setting.js',
  './js/views/session-list.js',
  './js/views/settings.js',
  './js/views/shared/attempt.js',
  './js/views/shared/avatar.js',
  './js/views/shared/catalogue-words.js',
  './js/views/shared/days.js',
  './js/views/shared/icons.js',
  './js/views/shared/language-picker.js',
  './js/views/shared/notification-text.js',
  './js/views/shared/pace-field.js',
  './js/views/shared/photo-checks.js',
  './js/views/shared/player-link.js',
  './js/views/shared/player-words.js',
  './js/views/shared/rows.js',
  './js/views/shared/second-factor.js',
  './js/views/shared/time-ago.js',
  './js/views/shared/tournament-words.js',
  './js/views/shared/variant-field.js',
  './js/views/social-actions.js',
  './js/views/tabbar.js',
  './js/views/topbar.js',
  './js/views/tournament-form.js',
  './js/views/tournament-games.js',
  './js/views/tournament-invite.js',
  './js/views/tournament-standings.js',
  './js/views/tournament-you.js',
  './js/views/tournament.js',
  './js/views/tournaments.js',
  './js/views/two-step.js',
  './js/views/ultimate-board.js',
  './manifest.webmanifest',
];

const inScope = (path) => new URL(path, self.registration.scope).href;
const SHELL_URLS = new Set(SHELL.map(inScope));

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('oxo-shell-') && name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

/** The network's answer, kept for next time; the kept copy when the network fails. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (failure) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw failure;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  url.search = '';
  // Any address of the page itself (#/game/... is one address) opens the page.
  const key = request.mode === 'navigate' && url.pathname === new URL(self.registration.scope).pathname
    ? inScope('./') : url.href;
  if (!SHELL_URLS.has(key)) return;
  event.respondWith(networkFirst(request, key));
});

// A push from the server: { kind, title, body, url, tag } (docs/PROTOCOL.md, "Web Push").
// A tag replaces an older notification about the same thing (one per game, say).
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data.text() };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'OXO';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof message.body === 'string' ? message.body : '',
    tag: typeof message.tag === 'string' && message.tag ? message.tag : undefined,
    icon: inScope('./icons/icon-192.png'),
    badge: inScope('./icons/icon-192.png'),
    data: { url: typeof message.url === 'string' ? message.url : '/#/', kind: message.kind ?? null },
  }));
});

/** Where a notification leads: a page of this client only, never another site. */
function target(data) {
  const url = new URL(data?.url ?? './', self.registration.scope);
  return url.origin === self.location.origin ? url.href : inScope('./');
}

// A tap: an open OXO window is told to show the screen (js/install.js routes it) and comes
// to the front; with none open, one opens there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = target(event.notification.data);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    open.postMessage({ kind: 'open', url });
    return open.focus();
  })());
});
