// The game screen: the board, both players with their marks, whose turn it is, the
// watchers, the result with the winning line, Cancel while it waits, Resign, Hint (against
// the computer, in pass-and-play and after the game), Replay once it is finished, the code
// and link to share.
// Follows `game:<id>` on the socket while shown. Players may press any cell: the server
// says whether the move stands, and its refusal is shown in words.

import { el, setText, setAttr, replaceChildren } from '../dom.js';
import { cellName, modeLabel, moveNotation, seatName, statusLine } from '../describe.js';
import { isMyTurn, marksOf, seatOf } from '../store.js';
import { gameLink, gamePath, navigate, replayPath } from '../router.js';
import { createBoard } from './board.js';
import { avatarImage } from './avatar.js';
import { awayNotice, rematchPanel, seriesLine } from './game-together.js';
import { playerLink } from './player-link.js';
import { gameChat } from './game-chat.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function gameView({ store, actions, realtime, api, param }) {
  const userId = () => store.state.session?.user.id;
  let gameId = UUID.test(param) ? param.toLowerCase() : null;
  let following = null;
  let pending = false;
  /** The server's last refusal, shown until the game moves on: { text, code, atMoves } */
  let refusal = null;
  /** The engine's best moves for the position with `atMoves` moves: { cells, atMoves } */
  let hint = null;
  let confirmingResign = false;
  /** Moves on the board at the last render, so only moves arriving now are animated. */
  let shownMoves = null;

  const title = el('h1', { class: 'game-title', id: 'game-title', text: 'Game' });
  const mode = el('span', { class: 'pill', id: 'game-mode' });
  const back = el('button', { type: 'button', class: 'link-button back', id: 'back-to-lobby', text: '← Lobby' });
  back.addEventListener('click', () => navigate('/'));

  const board = createBoard({ onPlay: play });
  const players = el('ul', { class: 'players', id: 'players', 'aria-label': 'Players' });
  const moveList = el('ol', { class: 'move-list', id: 'move-list', 'aria-label': 'Moves' });
  const status = el('p', { class: 'status', id: 'game-status', 'aria-live': 'polite' });
  const refusalText = el('p', { class: 'refusal', id: 'game-refusal', role: 'alert' });
  const hintText = el('p', { class: 'hint-text', id: 'hint-text', 'aria-live': 'polite' });
  const watchers = el('p', { class: 'watchers muted', id: 'watchers' });
  const role = el('p', { class: 'role muted', id: 'game-role' });

  const joinButton = el('button', { type: 'button', class: 'primary', id: 'join-game' });
  const cancelButton = el('button', { type: 'button', id: 'cancel-game', text: 'Cancel the game' });
  const hintButton = el('button', { type: 'button', id: 'hint', text: 'Hint' });
  const resignButton = el('button', { type: 'button', class: 'danger', id: 'resign', text: 'Resign' });
  const confirmResign = el('button', { type: 'button', class: 'danger', id: 'confirm-resign', text: 'Yes, resign' });
  const keepPlaying = el('button', { type: 'button', id: 'keep-playing', text: 'Keep playing' });
  const againButton = el('button', { type: 'button', class: 'primary', id: 'play-again', text: 'Play again' });
  const replayLink = el('a', { class: 'button', id: 'replay-game', text: 'Replay', title: 'Step through the moves with the solver’s verdicts' });
  const controls = el('div', { class: 'controls' },
    joinButton, cancelButton, hintButton, resignButton, confirmResign, keepPlaying, againButton, replayLink);
  const onError = (error) => showRefusal(error, current());
  const away = awayNotice({ actions, onError });
  const rematch = rematchPanel({ actions, onError });
  const series = seriesLine({ actions });
  const chat = gameChat({ store, api, realtime });

  const codeText = el('strong', { class: 'code', id: 'game-code' });
  const linkInput = el('input', { id: 'game-link', readonly: true, 'aria-label': 'Link to this game' });
  const copyButton = el('button', { type: 'button', id: 'copy-link', text: 'Copy link' });
  const copied = el('span', { class: 'muted', 'aria-live': 'polite' });
  const share = el('div', { class: 'share' },
    el('p', {}, 'Code ', codeText),
    el('div', { class: 'inline' }, linkInput, copyButton), copied);

  // Only for players with a keyboard: the style sheet hides it on touch screens.
  const keys = el('p', { class: 'keys muted', id: 'keys', text: 'Keys: 1–9, or arrows and Enter.' });
  const loading = el('p', { class: 'muted', text: 'Loading the game…' });
  const body = el('div', { class: 'game-body', hidden: true },
    el('div', { class: 'board-column' }, board.node, keys),
    el('div', { class: 'game-side' }, status, away.node, refusalText, hintText, players, moveList, series.node, controls, rematch.node,
      role, watchers, share),
    chat.node);
  const node = el('section', { class: 'game', 'aria-labelledby': 'game-title' },
    el('div', { class: 'game-head' }, back, title, mode), loading, body);

  const current = () => (gameId ? store.state.games.get(gameId) : null);

  function showRefusal(error, game) {
    refusal = { text: error.message, code: error.code, atMoves: game ? game.moves.length : 0 };
    render();
  }

  async function play(cell) {
    const game = current();
    if (!game || pending) return;
    if (!marksOf(game, userId()).length) {
      showRefusal({ message: 'You are watching this game; only its players can move.', code: 'watching' }, game);
      return;
    }
    pending = true;
    refusal = null;
    try {
      await actions.move(game, cell);
    } catch (error) {
      showRefusal(error, current());
    } finally {
      pending = false;
      render();
    }
  }

  async function run(work) {
    refusal = null;
    try {
      await work();
    } catch (error) {
      showRefusal(error, current());
    }
    render();
  }

  joinButton.addEventListener('click', () => run(() => actions.join(gameId)));
  cancelButton.addEventListener('click', () => run(async () => {
    await actions.cancel(gameId);
    navigate('/');
  }));
  hintButton.addEventListener('click', () => run(async () => {
    const game = current();
    const answer = await actions.hint(game.id);
    hint = { cells: answer.best ?? [], atMoves: game.moves.length };
  }));
  resignButton.addEventListener('click', () => { confirmingResign = true; render(); confirmResign.focus(); });
  keepPlaying.addEventListener('click', () => { confirmingResign = false; render(); resignButton.focus(); });
  confirmResign.addEventListener('click', () => { confirmingResign = false; run(() => actions.resign(gameId)); });
  againButton.addEventListener('click', () => run(async () => {
    const game = current();
    const side = marksOf(game, userId())[0] ?? 'X';
    const options = { side, mode: game.mode };
    if (game.mode === 'computer') options.level = (side === 'X' ? game.o : game.x)?.computer ?? 'medium';
    const next = await actions.createGame(options);
    navigate(gamePath(next.id));
  }));
  copyButton.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(linkInput.value);
      setText(copied, 'Link copied.');
    } catch {
      linkInput.select();
      setText(copied, 'Press Ctrl+C (⌘C) to copy the selected link.');
    }
  });

  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest('input, select, textarea, dialog')) return;
    if (/^[1-9]$/.test(event.key)) {
      event.preventDefault();
      play(Number(event.key) - 1);
    } else if (event.key.startsWith('Arrow') && !body.hidden && !(target instanceof Element && target.closest('#board'))) {
      // The first arrow key brings the keyboard to the board (on the centre cell).
      event.preventDefault();
      board.focus();
    }
  }
  document.addEventListener('keydown', onKey);

  function renderPlayers(game, me) {
    const mine = marksOf(game, me);
    const key = ['X', 'O'].map((m) => `${m}:${seatName(game, m)}:${seatOf(game, m)?.player?.avatar}:${game.turn === m}:${game.result?.winner === m}`)
      .join('|') + mine.join('');
    if (players.dataset.key === key) return;
    players.dataset.key = key;
    replaceChildren(players, ['X', 'O'].map((mark) => {
      const you = mine.includes(mark);
      const turn = game.phase === 'live' && game.turn === mark;
      const won = game.result?.winner === mark;
      return el('li', { class: `player${turn ? ' is-turn' : ''}${won ? ' is-winner' : ''}`, dataset: { mark } },
        el('span', { class: `player-mark mark-${mark}`, 'aria-hidden': 'true', text: mark }),
        avatarImage(seatOf(game, mark)?.player, { size: 36 }),
        el('span', { class: 'player-name' },
          el('span', { class: 'visually-hidden', text: `${mark}: ` }),
          seatOf(game, mark)?.player
            ? playerLink(seatOf(game, mark).player, { class: 'name' })
            : el('span', { class: 'name', text: seatName(game, mark) }),
          you ? el('span', { class: 'tag', text: game.mode === 'pass_and_play' ? 'you (both)' : 'you' }) : null),
        turn ? el('span', { class: 'turn-tag', text: 'to move' }) : null,
        won ? el('span', { class: 'turn-tag win-tag', text: 'winner' }) : null);
    }));
  }

  /** One move a line, "1. b2 X", rebuilt only when a move is added. */
  function renderMoves(moves) {
    if (moveList.childElementCount === moves.length) return;
    replaceChildren(moveList, moves.map((move) => el('li', { text: moveNotation(move) })));
  }

  function render() {
    const game = current();
    if (!game) return;
    const me = userId();
    const mine = marksOf(game, me);
    const player = mine.length > 0;
    loading.hidden = true;
    body.hidden = false;
    node.dataset.phase = game.phase;
    node.dataset.moves = String(game.moves.length);
    setText(title, `Game ${game.code}`);
    setText(mode, modeLabel(game));

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
    });
    renderMoves(game.moves);
    renderPlayers(game, me);
    away.render(game, me);
    rematch.render(game, me);
    series.render(game, me);
    chat.render(game, me);
    setText(status, statusLine(game, me));
    status.classList.toggle('is-my-turn', isMyTurn(game, me));
    status.classList.toggle('is-result', game.phase === 'finished');
    setText(refusalText, refusal?.text ?? '');
    if (refusal) refusalText.dataset.code = refusal.code;
    else delete refusalText.dataset.code;
    setText(hintText, hint ? hintSentence(hint.cells) : '');

    const free = !game.x ? 'X' : !game.o ? 'O' : null;
    joinButton.hidden = !(game.phase === 'open' && !player && game.mode === 'online' && free);
    setText(joinButton, free ? `Join as ${free}` : 'Join');
    cancelButton.hidden = !(game.phase === 'open' && player);
    hintButton.hidden = !(player && hintsAllowed(game));
    hintButton.disabled = game.phase === 'live' && !isMyTurn(game, me);
    const canResign = player && game.phase === 'live';
    if (!canResign) confirmingResign = false;
    resignButton.hidden = !canResign || confirmingResign;
    confirmResign.hidden = keepPlaying.hidden = !confirmingResign;
    againButton.hidden = !(game.phase === 'finished' && player && game.mode !== 'online');
    replayLink.hidden = game.phase !== 'finished';
    setAttr(replayLink, 'href', `#${replayPath(game.id)}`);

    setText(role, player
      ? (game.mode === 'pass_and_play' ? 'You play both sides: pass the device.' : `You play ${mine.join(' and ')}.`)
      : 'You are watching this game.');
    const others = game.watchers;
    setText(watchers, others === 1 ? '1 watching' : others ? `${others} watching` : 'Nobody watching');
    setAttr(watchers, 'data-count', String(others));
    setText(codeText, game.code);
    keys.hidden = !player;
    const link = gameLink(game.code);
    if (linkInput.value !== link) linkInput.value = link;
  }

  /** The server gives hints against the computer, in pass-and-play, and on a finished game that stopped with moves left. */
  function hintsAllowed(game) {
    if (game.phase === 'finished') return game.board.includes('.') && !game.result?.line && game.result?.reason !== 'cancelled';
    return game.phase === 'live' && game.mode !== 'online';
  }

  function hintSentence(cells) {
    if (!cells.length) return 'No move to suggest.';
    const names = cells.map((cell) => `${cellName(cell)} (${cell + 1})`);
    return cells.length === 1 ? `Best move: ${names[0]}.` : `Best moves: ${names.join(', ')}.`;
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
      replaceChildren(loading, el('span', { text: error.message }), ' ', el('a', { href: '#/', text: 'Back to the lobby' }));
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
      chat.destroy();
      document.removeEventListener('keydown', onKey);
      if (following) realtime.unfollow(`game:${following}`);
    },
  };
}
