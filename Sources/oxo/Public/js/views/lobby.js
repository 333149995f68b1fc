// The lobby: my games, tournaments (views/tournaments.js), open games to join, live games to watch, a "+" to create a
// game and a box to join by code. Everything here is fed by the socket (the `lobby`
// and `user:<id>` topics, followed by main.js) and updates without a refresh.

import { el, replaceChildren } from '../dom.js';
import { isMyTurn, marksOf } from '../store.js';
import { isCorrespondence } from '../pace.js';
import { gamePath, navigate } from '../router.js';
import { seatName } from '../describe.js';
import { gameRow } from './game-list.js';
import { emptyRow, pendingRow } from './shared/rows.js';
import { attempt } from './shared/attempt.js';
import { openNewGameSheet } from './new-game.js';
import { onlineView } from './online.js';
import { randomView } from './random.js';
import { tournamentsView } from './tournaments.js';
import { t } from '../i18n.js';

export function lobbyView({ store, actions }) {
  const error = el('p', { class: 'form-error', role: 'alert', id: 'lobby-error' });
  const userId = () => store.state.session?.user.id;

  const newGame = el('button', { type: 'button', class: 'fab', id: 'new-game', 'aria-label': t('lobby.newGame'), 'aria-haspopup': 'dialog',
    title: t('lobby.newGame') }, el('span', { 'aria-hidden': 'true', text: '+' }));
  const vsComputer = el('button', { type: 'button', class: 'secondary', id: 'play-computer', text: t('lobby.playComputer') });
  const passAndPlay = el('button', { type: 'button', class: 'secondary', id: 'pass-and-play', text: t('match.passAndPlay') });
  newGame.addEventListener('click', () => openNewGameSheet({ actions, mode: 'online', opener: newGame }));
  vsComputer.addEventListener('click', () => openNewGameSheet({ actions, mode: 'computer', opener: vsComputer }));
  passAndPlay.addEventListener('click', () => openNewGameSheet({ actions, mode: 'pass_and_play', opener: passAndPlay }));

  const codeInput = el('input', { id: 'join-code', name: 'code', maxlength: 36, autocomplete: 'off', autocapitalize: 'characters',
    spellcheck: 'false', placeholder: 'K7QX3M', 'aria-describedby': 'join-code-help' });
  const codeForm = el('form', { class: 'join-code', id: 'join-code-form', 'aria-label': t('lobby.joinByCodeLabel') },
    el('label', { for: 'join-code', text: t('lobby.joinByCode') }),
    el('span', { class: 'inline' }, codeInput, el('button', { type: 'submit', text: t('lobby.go') })),
    el('p', { class: 'field-help', id: 'join-code-help', text: t('lobby.joinByCodeHelp') }));
  codeForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = codeInput.value.trim();
    if (!code) return;
    attempt(async () => {
      let game = await actions.load(code);
      if (game.phase === 'open' && !marksOf(game, userId()).length && game.mode === 'online') game = await actions.join(game.id);
      navigate(gamePath(game.id));
    }, { refusal: error });
  });

  const online = onlineView({ store, actions });
  const random = randomView({ store, actions });
  const tournaments = tournamentsView({ actions });
  const mine = el('ul', { class: 'game-list', id: 'my-games', 'aria-labelledby': 'my-games-title' });
  const open = el('ul', { class: 'game-list', id: 'open-games', 'aria-labelledby': 'open-games-title' });
  const live = el('ul', { class: 'game-list', id: 'live-games', 'aria-labelledby': 'live-games-title' });

  const node = el('div', { class: 'lobby' },
    el('h1', { class: 'visually-hidden', text: t('lobby.title') }),
    el('section', { class: 'card lobby-start', 'aria-label': t('lobby.start') },
      el('div', { class: 'start-row' },
        newGame,
        el('div', { class: 'start-text' },
          el('h2', { text: t('lobby.newGame') }),
          el('p', { class: 'muted', text: t('lobby.newGameIntro') })),
      ),
      random.node,
      el('div', { class: 'start-buttons' }, vsComputer, passAndPlay),
      codeForm,
      error),
    el('section', { class: 'card' }, el('h2', { id: 'my-games-title', text: t('lobby.myGames') }), mine),
    tournaments.node,
    online.node,
    el('section', { class: 'card' }, el('h2', { id: 'open-games-title', text: t('lobby.openGames') }), open),
    el('section', { class: 'card' }, el('h2', { id: 'live-games-title', text: t('lobby.liveGames') }), live));

  function join(game) {
    return attempt(async () => navigate(gamePath((await actions.join(game.id)).id)), { refusal: error });
  }

  /** Whether the player who opened a game has a client open, as `presence` last said (yes until it has said). */
  const creatorOnline = (game) => {
    const creator = (game.x ?? game.o)?.player?.id;
    return !store.state.online || store.state.online.has(creator);
  };

  // A list is rebuilt only when what it shows changed, so keyboard focus stays put.
  const shown = new Map();
  const signature = (game) => [game.id, game.phase, game.moves.length, game.turn, game.watchers,
    game.x?.player?.display_name, game.o?.player?.display_name, game.phase === 'open' && creatorOnline(game)].join('|');
  function fill(list, ids, games, make, emptyText, order = (a) => a) {
    const items = ids === null ? null : order(ids.map((id) => games.get(id)).filter(Boolean));
    const connection = store.state.connection;
    const key = items === null ? `pending:${connection.state}` : `${userId()}#${items.map(signature).join(',')}`;
    if (shown.get(list) === key) return;
    shown.set(list, key);
    if (items === null) replaceChildren(list, pendingRow(connection));
    else replaceChildren(list, items.length ? items.map(make) : emptyRow(emptyText));
  }
  // My games: correspondence games waiting for my move first (they wait days, not
  // seconds), then the other unfinished ones, then the finished; newest first in each.
  const rankOf = (game) => {
    if (game.phase === 'finished') return 2;
    return isCorrespondence(game) && isMyTurn(game, userId()) ? 0 : 1;
  };
  const unfinishedFirst = (games) => games.map((game, index) => ({ game, index }))
    .sort((a, b) => rankOf(a.game) - rankOf(b.game) || a.index - b.index).map((entry) => entry.game);

  function render(state) {
    const me = userId();
    if (!me) return;
    const openGame = (game) => navigate(gamePath(game.id));
    fill(mine, state.mine, state.games, (game) => gameRow(game, me, {
      label: t('lobby.open'), accessibleLabel: t('lobby.openLabel', { code: game.code }), onClick: () => openGame(game),
      primary: game.phase !== 'finished',
    }), t('lobby.noGames'), unfinishedFirst);
    // Games I sit in are under "My games"; the other lists show everyone else's, but
    // for those of players hidden from me by a block (the lobby topic is the same for all).
    const seatedIds = (game) => [game.x?.player?.id, game.o?.player?.id].filter(Boolean);
    const others = (games) => games.filter((game) => !marksOf(game, me).length && !seatedIds(game).some((id) => state.hidden.has(id)));
    // Friends' games first; joining the game of someone who has gone leaves one waiting
    // for them: those come last.
    const friendIds = new Set((state.friends?.friends ?? []).map((f) => f.player.id));
    const byFriend = (game) => seatedIds(game).some((id) => friendIds.has(id));
    const hereFirst = (games) => {
      const listed = others(games);
      const rank = (game) => (creatorOnline(game) ? 0 : 2) + (byFriend(game) ? 0 : 1);
      return listed.map((game, index) => ({ game, index })).sort((a, b) => rank(a.game) - rank(b.game) || a.index - b.index).map((e) => e.game);
    };
    fill(open, state.lobby.open, state.games, (game) => {
      const free = game.x ? 'O' : 'X';
      const note = creatorOnline(game) ? null : t('lobby.offline', { name: seatName(game, game.x ? 'X' : 'O') });
      return gameRow(game, me, { label: t('game.joinAs', { mark: free }), accessibleLabel: t('lobby.joinLabel', { code: game.code, mark: free }),
        onClick: () => join(game), primary: true, note });
    }, t('lobby.nobodyWaiting'), hereFirst);
    fill(live, state.lobby.live, state.games, (game) => gameRow(game, me, {
      label: t('lobby.watch'), accessibleLabel: t('lobby.watchLabel', { code: game.code }), onClick: () => openGame(game),
    }), t('lobby.noLiveGames'), others);
  }

  render(store.state);
  const unsubscribe = store.subscribe(render);
  return { node, destroy() { unsubscribe(); online.destroy(); random.destroy(); tournaments.destroy(); } };
}
