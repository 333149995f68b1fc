// The game screen: the board, both players with their marks, whose turn it is, the
// watchers, the result with the winning line, Cancel while it waits, Resign, Hint (against
// the computer, in pass-and-play and after the game), Replay once it is finished, the code
// and link to share. Each part is a module of its own (game-*.js); this one loads and
// follows the game and keeps what the screen holds beside the server's game.
// Follows `game:<id>` on the socket while shown. Players may press any cell: the server
// says whether the move stands, and its refusal is shown in words.

import { el, setText, replaceChildren } from '../dom.js';
import { modeLabel, placeOf } from '../describe.js';
import { t } from '../i18n.js';
import { isMyTurn, marksOf } from '../store.js';
import { cellCoordinate, variantOf } from '../variants.js';
import { gamePath, navigate } from '../router.js';
import { createBoard } from './board.js';
import { awayNotice, rematchPanel, seriesLine } from './game-together.js';
import { gameChat } from './game-chat.js';
import { gamePlayers } from './game-players.js';
import { gameMoves } from './game-moves.js';
import { gameStatus } from './game-status.js';
import { gameControls } from './game-controls.js';
import { gameShare } from './game-share.js';
import { gameClocks } from './game-clocks.js';
import { gameKeys } from './game-keys.js';
import { gameVariant } from './game-variant.js';
import { gameScreenReader } from './game-screen-reader.js';
import { attempt } from './shared/attempt.js';

/**
 * A refusal of the game's in words: the catalogue's for its code, or, for a move, with what
 * the page knows of the game ("It is O's turn.", "The middle-left cell is already taken.").
 */
function refusalText(error, game, cell) {
  const ultimate = variantOf(game).key === 'ultimate';
  if (error.code === 'not_your_turn' && game?.turn) return t('refusal.notYourTurn', { mark: game.turn });
  if (error.code === 'cell_occupied' && cell !== null) {
    const place = variantOf(game).key === 'classic' ? placeOf(cell) : cellCoordinate(cell, game);
    return t('refusal.cellTaken', { place });
  }
  if (error.code === 'wrong_board' && ultimate && Number.isInteger(game.active_board)) {
    return t('refusal.wrongBoard', { place: placeOf(game.active_board) });
  }
  return error.message;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function gameView({ store, actions, realtime, param }) {
  const userId = () => store.state.session?.user.id;
  let gameId = UUID.test(param) ? param.toLowerCase() : null;
  let following = null;
  let pending = false;
  /** The server's last refusal, shown until the game moves on: { text, code, atMoves } */
  let refusal = null;
  /** The best moves for the position with `atMoves` moves, and whose they are: { cells, atMoves, source } */
  let hint = null;
  /** Moves on the board at the last render, so only moves arriving now are animated. */
  let shownMoves = null;
  const current = () => (gameId ? store.state.games.get(gameId) : null);

  function showRefusal(error, game, cell = null) {
    const text = refusalText(error, game, cell);
    refusal = { text, code: error.code, atMoves: game ? game.moves.length : 0 };
    render();
    screenReader.refused(text);
  }
  const onError = (error) => showRefusal(error, current());

  /** Runs an action of the user's; its refusal is shown until the game moves on. */
  async function run(work, cell = null) {
    refusal = null;
    await attempt(work, { refusal: (error) => showRefusal(error, current(), cell) });
    render();
  }

  async function play(cell) {
    const game = current();
    if (!game || pending) return;
    if (!marksOf(game, userId()).length) {
      showRefusal({ message: t('game.watchingRefusal'), code: 'watching' }, game);
      return;
    }
    pending = true;
    await run(() => actions.move(game, cell), cell);
    pending = false;
    render();
  }

  const title = el('h1', { class: 'game-title', id: 'game-title', text: t('game.title') });
  const mode = el('span', { class: 'pill', id: 'game-mode' });
  const back = el('button', { type: 'button', class: 'link-button back', id: 'back-to-lobby', text: t('game.backToLobby') });
  back.addEventListener('click', () => navigate('/'));

  /** Made when the game first arrives: its variant decides the board. */
  let board = null;
  const boardSlot = el('div', { class: 'board-slot' });
  const players = gamePlayers();
  const moves = gameMoves();
  const status = gameStatus();
  const controls = gameControls({ actions, current, userId, run,
    onHint: (cells, atMoves, source) => { hint = { cells, atMoves, source }; } });
  const share = gameShare();
  const clocks = gameClocks();
  const away = awayNotice({ actions, onError });
  const rematch = rematchPanel({ actions, onError });
  const series = seriesLine({ actions });
  const chat = gameChat({ store, actions, realtime });
  const variant = gameVariant();

  // Only for players with a keyboard: the style sheet hides it on touch screens.
  const keysLine = el('p', { class: 'keys muted', id: 'keys' });
  const loading = el('p', { class: 'muted', text: t('game.loading') });
  const boardColumn = el('div', { class: 'board-column' }, boardSlot, keysLine);
  const body = el('div', { class: 'game-body', hidden: true },
    boardColumn,
    el('div', { class: 'game-side' }, clocks.node, status.status, away.node, status.refusal, status.hint, players.node, moves.node,
      series.node, controls.node, rematch.node, variant.rules, ...share.nodes),
    chat.node);
  const node = el('section', { class: 'game', 'aria-labelledby': 'game-title' },
    el('div', { class: 'game-head' }, back, title, variant.name, mode, chat.toggle), loading, body);
  // The screen-reader mode's command box and what it says, under the board while the mode is on.
  const screenReader = gameScreenReader({ root: node, current, me: userId, play, onModeChange: () => render() });
  boardColumn.insertBefore(screenReader.node, keysLine);
  // Digits name the cells of classic's board only, as on a phone's keypad.
  const keys = gameKeys({ board: { focus: () => board?.focus() }, play, shown: () => !body.hidden,
    digits: () => variantOf(current()).key === 'classic' });

  function render() {
    const game = current();
    if (!game) return;
    const me = userId();
    const player = marksOf(game, me).length > 0;
    loading.hidden = true;
    body.hidden = false;
    node.dataset.phase = game.phase;
    node.dataset.moves = String(game.moves.length);
    setText(title, t('game.titleCode', { code: game.code }));
    setText(mode, modeLabel(game));
    variant.render(game);
    if (!board) {
      board = createBoard({ onPlay: play, variant: game.variant });
      boardSlot.replaceChildren(board.node);
      setText(keysLine, variantOf(game).key === 'classic' ? t('game.keysClassic') : t('game.keys'));
    }

    if (refusal && game.moves.length > refusal.atMoves) refusal = null;
    if (hint && game.moves.length !== hint.atMoves) hint = null;

    const lastMove = game.moves[game.moves.length - 1];
    const arrived = shownMoves !== null && game.moves.length > shownMoves;
    shownMoves = game.moves.length;
    board.render(game.board, {
      line: game.result?.line ?? null,
      hint: hint?.cells ?? [],
      playable: player && game.phase === 'live',
      last: lastMove ? lastMove.cell : null,
      arrived,
      // Ultimate's small boards: which are won, and where the player to move must play.
      smallBoards: game.small_boards,
      active: game.active_board ?? null,
      live: game.phase === 'live',
      turn: game.turn,
      yourTurn: isMyTurn(game, me),
    });
    moves.render(game);
    players.render(game, me);
    clocks.render(game);
    away.render(game, me);
    rematch.render(game, me);
    series.render(game, me);
    chat.render(game, me);
    status.render(game, me, { refusal, hint });
    controls.render(game, me);
    share.render(game, me);
    keysLine.hidden = !player;
    screenReader.render(game, me);
  }

  function follow(id) {
    gameId = id;
    if (following !== id) {
      if (following) realtime.unfollow(`game:${following}`);
      following = id;
      realtime.follow(`game:${id}`);
    }
    render();
  }

  async function load() {
    try {
      const game = await actions.load(param);
      if (param !== game.id) navigate(gamePath(game.id), { replace: true });
      follow(game.id);
    } catch (error) {
      if (current()) {
        follow(gameId);
        return;
      }
      loading.hidden = false;
      replaceChildren(loading, el('span', { text: error.message }), ' ', el('a', { href: '#/', text: t('common.backToLobby') }));
    }
  }

  if (gameId && current()) follow(gameId);
  load();
  const unsubscribe = store.subscribe(render);

  return {
    node,
    /** Whether this screen already shows `route` (after a share code became the id). */
    shows: (route) => route.name === 'game' && (route.id === param || route.id === gameId),
    destroy() {
      unsubscribe();
      away.destroy();
      clocks.destroy();
      chat.destroy();
      keys.destroy();
      screenReader.destroy();
      if (following) realtime.unfollow(`game:${following}`);
    },
  };
}
