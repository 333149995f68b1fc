// Boots the page: the store, the REST client, the socket, the screens, and the hash
// routes between them.

import { createApi } from './api.js';
import { createRealtime } from './socket.js';
import { learnServerTime, measureAfresh } from './server-clock.js';
import { createStore, isMyTurn } from './store.js';
import { createActions } from './actions.js';
import { createTitle } from './attention.js';
import { loadSession } from './session.js';
import { currentRoute, gamePath, navigate } from './router.js';
import { mountTopbar } from './views/topbar.js';
import { mountConnectionBanner } from './views/connection.js';
import { signInView, registerView } from './views/auth.js';
import { settingsView } from './views/settings.js';
import { forgotPasswordView, resetPasswordView, verifyEmailView } from './views/password.js';
import { lobbyView } from './views/lobby.js';
import { gameView } from './views/game.js';
import { replayView } from './views/replay.js';
import { historyPage } from './views/history.js';
import { profileView } from './views/profile.js';
import { leaderboardView } from './views/leaderboard.js';
import { tournamentView } from './views/tournament.js';
import { closeNewGameSheet } from './views/new-game.js';
import { closeChallengeDialog } from './views/challenge-dialog.js';
import { mountChallengeToasts } from './views/challenges.js';
import { mountBell } from './views/bell.js';
import { mountGuestNotice } from './views/guest.js';
import { friendsView } from './views/friends.js';
import { catalogueView, myGamesView } from './views/catalogue.js';
import { catalogueGameView } from './views/catalogue-game.js';
import { followingView } from './views/following.js';
import { conversationView, messagesView } from './views/messages.js';
import { describeNotification } from './views/shared/notification-text.js';
import { createSystemNotifications } from './system-notifications.js';
import { registerServiceWorker } from './install.js';
import { createPushDevice } from './push-device.js';
import { mountTabbar } from './views/tabbar.js';
import { keepFocusInView } from './focus-in-view.js';
import { mountScreenReaderOffer } from './views/screen-reader-offer.js';
import { isLanguage, language, refocusAfterSwitch, switchLanguage, t, translateShell } from './i18n.js';

const store = createStore();
const api = createApi({
  getToken: () => store.state.session?.token ?? null,
  onUnauthorized: () => signedOut(),
});
const realtime = createRealtime({
  url: () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/v1/socket?token=${encodeURIComponent(store.state.session?.token ?? '')}`;
  },
  onEvent: (topic, seq, event) => {
    store.applyEvent(topic, seq, event);
    if (topic.startsWith('user:')) notifySystem(event);
  },
  onSnapshot: (topic, seq, snapshot) => {
    store.applySnapshot(topic, seq, snapshot);
    // A fresh start of the inbox: what it may have missed is read again.
    if (topic.startsWith('user:')) {
      actions.loadNotifications().catch(() => {});
      actions.loadFriends().catch(() => {});
    }
  },
  onStatus: (status) => store.setConnection(status),
  onWelcome: measureAfresh,
  onServerTime: learnServerTime,
  // A socket refused before its welcome may mean the session ended elsewhere: ask REST,
  // whose 401 signs the page out (onUnauthorized); anything else just retries.
  onHandshakeFailed: async () => { await api.me(); },
});
const actions = createActions({ api, realtime, store });
const system = createSystemNotifications({ onOpen: (path) => { if (path) navigate(path); } });
const push = createPushDevice({ api, userId: () => store.state.session?.user.id ?? null });

/**
 * While the tab is hidden, the inbox's news as a system notification: every stored
 * notification but "your turn", which comes from the `your_turn` event itself, so a
 * player whose hidden tab shows the game (and gets no stored one) is told too.
 */
function notifySystem(event) {
  if (event.kind === 'your_turn' && event.game) {
    system.show(t('title.yourTurnNotification'), t('game.titleCode', { code: event.game.code }),
      { tag: `turn-${event.game.id}`, target: gamePath(event.game.id) });
  } else if (event.kind === 'notification_added' && event.notification.kind !== 'your_turn') {
    const { text, path } = describeNotification(event.notification, store.state.challenges.get(event.notification.challenge) ?? null);
    system.show('OXO', text, { tag: event.notification.id, target: path });
  }
}

const main = document.getElementById('main');
const pageTitle = createTitle();
let screen = null;
/** Where to go after signing in, when a signed-out visitor opened a game link. */
let returnTo = null;

function startLive(session) {
  realtime.start();
  realtime.follow('lobby');
  realtime.follow('presence');
  realtime.follow(`user:${session.user.id}`);
}

function signedIn() {
  startLive(store.state.session);
  const target = returnTo ?? '/';
  returnTo = null;
  navigate(target);
}

function signedOut() {
  realtime.stop();
  actions.forget();
  closeNewGameSheet();
  closeChallengeDialog();
  navigate('/signin');
}

function show(route) {
  if (screen?.shows?.(route)) return;
  screen?.destroy?.();
  screen = null;
  closeNewGameSheet();
  closeChallengeDialog();
  const session = store.state.session;
  // Mailed links work signed in or not.
  const linkScreen = ['forgot', 'reset', 'verify'].includes(route.name);
  if (!session && route.name !== 'signin' && route.name !== 'register' && !linkScreen) {
    if (['game', 'replay', 'tournament'].includes(route.name)) returnTo = `/${route.name}/${encodeURIComponent(route.id)}`;
    navigate('/signin', { replace: true });
    return;
  }
  // A guest may register, to keep the account; anyone else signed in has nothing to do there.
  const registeringGuest = route.name === 'register' && session?.user?.guest === true;
  if (session && (route.name === 'signin' || (route.name === 'register' && !registeringGuest))) {
    navigate('/', { replace: true });
    return;
  }
  const context = { store, actions, realtime, done: signedIn };
  switch (route.name) {
    case 'signin': screen = signInView(context); break;
    case 'register':
      screen = registeringGuest ? registerView({ ...context, guest: true, done: () => navigate('/') }) : registerView(context);
      break;
    case 'forgot': screen = forgotPasswordView(context); break;
    case 'reset': screen = resetPasswordView({ ...context, token: route.token }); break;
    case 'verify': screen = verifyEmailView({ ...context, token: route.token }); break;
    case 'game': screen = gameView({ ...context, param: route.id }); break;
    case 'messages': screen = messagesView(context); break;
    case 'conversation': screen = conversationView({ ...context, userId: route.userId }); break;
    case 'replay': screen = replayView({ ...context, param: route.id }); break;
    case 'history': screen = historyPage(context); break;
    case 'settings': screen = settingsView({ ...context, notice: route.notice, deleted: signedOut }); break;
    case 'profile': screen = profileView({ ...context, userId: route.id }); break;
    case 'leaderboard': screen = leaderboardView(context); break;
    case 'tournament': screen = tournamentView({ ...context, id: route.id, code: route.code }); break;
    case 'friends': screen = friendsView(context); break;
    case 'catalogue': screen = catalogueView(context); break;
    case 'catalogue-game': screen = catalogueGameView({ ...context, gameId: route.id }); break;
    case 'my-games': screen = myGamesView(context); break;
    case 'following': screen = followingView(context); break;
    default: screen = lobbyView(context); break;
  }
  document.body.dataset.screen = route.name;
  main.replaceChildren(screen.node);
  if (route.name === 'lobby') main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

/** "(2) Your turn · OXO" while games wait for the user. */
function updateTitle(state) {
  const me = state.session?.user.id;
  const waiting = me && state.mine ? state.mine.filter((id) => {
    const game = state.games.get(id);
    return game && isMyTurn(game, me);
  }).length : 0;
  pageTitle.set(waiting ? t('title.yourTurn', { count: waiting }) : 'OXO');
  document.body.dataset.yourTurn = String(waiting);
}

/**
 * A game that began for the user (an accepted challenge, Play random, a rematch, someone
 * joining the game they opened) is shown at once, and a tab in the background flashes.
 */
let startedShown = null;
/** The game last said to have started: a tournament's comes as `game_started` and `tournament_game`, said once. */
let startedSaid = null;
function goToStartedGame(state) {
  const started = state.started;
  if (!started || started.count === startedShown) return;
  startedShown = started.count;
  navigate(gamePath(started.id));
  if (started.id === startedSaid) return;
  startedSaid = started.id;
  pageTitle.flash(t('title.started'));
  // Said too, in the live region: the page changed by itself. A tournament's pairing names it.
  const tournament = started.tournament ?? tournamentOf(state, state.games.get(started.id));
  announce(tournament?.name ? t('tournament.gameStartedIn', { name: tournament.name }) : t('tournament.gameStarted'));
}

/**
 * The tournament the page knows of that both players of `game` are in, if any: one not over
 * (the page's copy may be from before its start).
 */
function tournamentOf(state, game) {
  const seated = [game?.x?.player?.id, game?.o?.player?.id];
  if (!seated[0] || !seated[1]) return null;
  return [...state.tournaments.values()].find((tournament) => ['scheduled', 'running'].includes(tournament.state)
    && seated.every((id) => tournament.standings.some((standing) => standing.player.id === id))) ?? null;
}

/** Says `text` in the page's live region (index.html's #announcer), emptied first so a repeat is said again. */
function announce(text) {
  const region = document.getElementById('announcer');
  if (!region) return;
  region.textContent = '';
  setTimeout(() => { region.textContent = text; }, 50);
}

/** Friends, requests and blocks are read again whenever a notification or this page changed them. */
let socialSeen = 0;
function reloadFriendsWhenChanged(state) {
  if (!state.session || state.socialChanges === socialSeen) return;
  socialSeen = state.socialChanges;
  actions.loadFriends().catch(() => {});
}

/**
 * A signed-in account's language, as the server keeps it (set on another device, say), is
 * the page's: a page in another one is drawn again in it.
 */
function followAccountLanguage(state) {
  const chosen = state.session?.user?.language;
  if (isLanguage(chosen) && chosen !== language()) switchLanguage(chosen);
}

function boot() {
  translateShell();
  const guest = mountGuestNotice(document.getElementById('guest-note'),
    { store, signOut: async () => { await actions.signOut(); signedOut(); } });
  mountTopbar(document.getElementById('topbar'), { store, onSignOut: () => guest.signOutAsked() });
  mountConnectionBanner(document.getElementById('connection'), { store, onRetry: () => realtime.retry() });
  // The installed app on a phone: the tab bar, the service worker.
  mountTabbar(document.getElementById('tabbar'), { store });
  keepFocusInView();
  mountScreenReaderOffer(document.getElementById('screen-reader-offer'));
  registerServiceWorker({ onOpen: (path) => navigate(path) });
  store.subscribe(updateTitle);
  store.subscribe(goToStartedGame);
  mountChallengeToasts(document.getElementById('toasts'), { store, actions });
  mountBell(document.getElementById('bell-slot'), { store, actions, system, push });
  store.subscribe(reloadFriendsWhenChanged);
  store.subscribe(followAccountLanguage);

  const saved = loadSession();
  if (saved) {
    store.setSession(saved);
    startLive(saved);
    // Refresh the account (the display name may have changed); a 401 signs out.
    api.me().then((user) => {
      if (store.state.session) actions.updateUser(user);
    }).catch(() => {});
  }
  window.addEventListener('hashchange', () => show(currentRoute()));
  show(currentRoute());
  refocusAfterSwitch();
  document.body.dataset.ready = 'true';
}

boot();
