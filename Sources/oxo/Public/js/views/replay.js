// The replay of a finished game (#/replay/<id>): the board as it stood after any move,
// the move list with the solver's verdict on each (in words and colour), step back and
// forward, play and pause (a move a second), keyboard arrows (Left/Right step, Home/End
// jump), and the moves in the text notation to copy or download. On every board: the
// verdicts are the solver's where the board is solved, the engine's estimate elsewhere
// (Gomoku, Ultimate), and each sentence says which.

import { el, setAttr, setText, replaceChildren } from '../dom.js';
import { matchTitle, moveNotation, resultLine } from '../describe.js';
import { cellCoordinate, variantOf } from '../variants.js';
import { gamePath } from '../router.js';
import { createBoard } from './board.js';
import { attempt } from './shared/attempt.js';
import { icon } from './shared/icons.js';
import { t } from '../i18n.js';

const STEP_MS = 1000;

/** "a win in 3 moves", "a draw", "a loss in 2 moves": what perfect play leads to. */
function outcomeText(outcome) {
  if (outcome.result === 'draw') return t('verdict.outcome.draw');
  return t(outcome.result === 'win' ? 'verdict.outcome.win' : 'verdict.outcome.loss', { count: outcome.in_moves });
}

/** What the engine estimates of a move on a board that is not solved, in a sentence. */
function estimateSentence(move, played, best) {
  switch (move.verdict) {
    case 'best':
      return t('verdict.estimate.best', { move: played });
    case 'neutral':
      return t('verdict.estimate.neutral', { move: played, best });
    default:
      return t('verdict.estimate.mistake', { move: played, best });
  }
}

/** What the solver (or, where the board is not solved, the engine) says of a move of `game`, in a sentence. */
export function verdictSentence(move, game) {
  const best = move.best_cells.map((cell) => cellCoordinate(cell, game)).join(', ');
  const played = t('verdict.played', { number: move.number, mark: move.mark, cell: move.coordinate });
  if (move.source === 'engine' || !move.outcome || !move.best_outcome) return estimateSentence(move, played, best);
  switch (move.verdict) {
    case 'best':
      return t('verdict.best', { move: played, outcome: outcomeText(move.outcome) });
    case 'neutral':
      return t(move.outcome.result === 'win' ? 'verdict.neutral.win' : 'verdict.neutral.result',
        { move: played, outcome: outcomeText(move.outcome), best, bestOutcome: outcomeText(move.best_outcome) });
    default:
      return t(move.best_outcome.result === 'win' ? 'verdict.mistake.win' : 'verdict.mistake.draw',
        { move: played, outcome: outcomeText(move.outcome), best, bestOutcome: outcomeText(move.best_outcome) });
  }
}

/** The board after the first `count` moves, as the server writes boards: one of X, O, "." a cell. */
function boardAfter(moves, count, cellCount) {
  const cells = Array(cellCount).fill('.');
  for (const move of moves.slice(0, count)) cells[move.cell] = move.mark;
  return cells.join('');
}

export function replayView({ store, actions, param }) {
  const me = () => store.state.session?.user.id;
  let replay = null;
  /** How many moves the board shows: 0 (the empty board) to every move. */
  let shown = 0;
  let timer = null;
  let notation = null;

  const title = el('h1', { class: 'game-title', id: 'replay-title', text: t('game.replay') });
  const back = el('a', { class: 'link-button back', href: '#/history', text: t('replay.back') });
  /** Made once the replay has come: its variant decides the board. */
  let board = null;
  const boardSlot = el('div', { class: 'board-slot' });
  const position = el('p', { class: 'replay-position', id: 'replay-position', 'aria-live': 'polite' });
  const button = (id, shown, label) => el('button', { type: 'button', class: 'small', id, 'aria-label': label, title: label }, shown);
  const first = button('replay-first', icon('first'), t('replay.first'));
  const previous = button('replay-previous', icon('previous'), t('replay.previous'));
  const play = button('replay-play', t('replay.play'), t('replay.playLabel'));
  const next = button('replay-next', icon('next'), t('replay.next'));
  const last = button('replay-last', icon('last'), t('replay.last'));
  const stepper = el('div', { class: 'replay-controls', role: 'group', 'aria-label': t('replay.controls') },
    first, previous, play, next, last);
  const keys = el('p', { class: 'keys muted', text: t('replay.keys') });

  const result = el('p', { class: 'status is-result', id: 'replay-result' });
  const verdict = el('p', { class: 'verdict-text', id: 'replay-verdict', 'aria-live': 'polite' });
  const moveList = el('ol', { class: 'replay-moves', id: 'replay-moves', 'aria-label': t('replay.moves') });
  const copyButton = el('button', { type: 'button', id: 'copy-moves', text: t('replay.copy') });
  const downloadButton = el('button', { type: 'button', id: 'download-moves', text: t('replay.download') });
  const copied = el('p', { class: 'muted', id: 'copy-note', 'aria-live': 'polite' });
  const notationText = el('textarea', { class: 'notation', id: 'notation', readonly: true, rows: '6', hidden: true,
    'aria-label': t('replay.notation') });
  const gameLink = el('a', { class: 'link-button', id: 'replay-game-link', text: t('replay.openGame') });
  const legend = el('p', { class: 'muted verdict-legend', text: t('replay.legend') });

  const loading = el('p', { class: 'muted', text: t('replay.loading') });
  const body = el('div', { class: 'game-body', hidden: true },
    el('div', { class: 'board-column' }, boardSlot, position, stepper, keys),
    el('div', { class: 'game-side' }, result, verdict, moveList, legend,
      el('div', { class: 'controls' }, copyButton, downloadButton), copied, notationText, gameLink));
  const node = el('section', { class: 'game replay', 'aria-labelledby': 'replay-title' },
    el('div', { class: 'game-head' }, back, title), loading, body);

  function show(count) {
    if (!replay) return;
    shown = Math.max(0, Math.min(replay.moves.length, count));
    if (shown === replay.moves.length) stop();
    render();
  }

  function render() {
    const moves = replay.moves;
    const current = moves[shown - 1] ?? null;
    node.dataset.shown = String(shown);
    const { width, height } = variantOf(replay.game);
    const end = shown === moves.length;
    board.render(boardAfter(moves, shown, width * height), {
      line: end ? replay.game.result.line ?? null : null,
      playable: false,
      last: current ? current.cell : null,
      // Ultimate's small boards are the server's word: known for the final position only.
      smallBoards: end ? replay.game.small_boards : undefined,
    });
    setText(position, shown === 0 ? t('replay.start', { count: moves.length }) : t('replay.position', { number: shown, total: moves.length }));
    setText(verdict, current ? verdictSentence(current, replay.game) : t('replay.stepForward'));
    if (current) verdict.dataset.verdict = current.verdict;
    else delete verdict.dataset.verdict;
    [...moveList.children].forEach((item, index) => setAttr(item, 'aria-current', index === shown - 1 ? 'step' : null));
    first.disabled = previous.disabled = shown === 0;
    next.disabled = last.disabled = shown === moves.length;
    setText(play, timer ? t('replay.pause') : t('replay.play'));
    setAttr(play, 'aria-pressed', timer ? 'true' : 'false');
  }

  function start() {
    if (!replay || timer) return;
    if (shown === replay.moves.length) shown = 0;
    timer = setInterval(() => show(shown + 1), STEP_MS);
    render();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  const stepTo = (count) => () => { stop(); show(count()); };
  first.addEventListener('click', stepTo(() => 0));
  previous.addEventListener('click', stepTo(() => shown - 1));
  next.addEventListener('click', stepTo(() => shown + 1));
  last.addEventListener('click', stepTo(() => replay.moves.length));
  play.addEventListener('click', () => {
    if (timer) { stop(); render(); } else start();
  });

  function onKey(event) {
    if (!replay || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest('input, select, textarea, dialog')) return;
    const keys = { ArrowLeft: () => shown - 1, ArrowRight: () => shown + 1, Home: () => 0, End: () => replay.moves.length };
    if (!keys[event.key]) return;
    event.preventDefault();
    stepTo(keys[event.key])();
  }
  document.addEventListener('keydown', onKey);

  async function loadNotation() {
    notation ??= await actions.notation(replay.game.id);
    return notation;
  }

  copyButton.addEventListener('click', () => attempt(async () => {
    const text = await loadNotation();
    try {
      await navigator.clipboard.writeText(text);
      setText(copied, t('replay.copied'));
    } catch {
      notationText.value = text;
      notationText.hidden = false;
      notationText.select();
      setText(copied, t('replay.copyByHand'));
    }
  }, { refusal: copied }));

  downloadButton.addEventListener('click', () => attempt(async () => {
    const url = URL.createObjectURL(new Blob([await loadNotation()], { type: 'text/plain;charset=utf-8' }));
    const link = el('a', { href: url, download: `oxo-${replay.game.id}.txt`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setText(copied, t('replay.downloaded'));
  }, { refusal: copied }));

  function moveItem(move, index) {
    const item = el('li', { class: 'replay-move', dataset: { verdict: move.verdict, number: String(move.number) } },
      el('button', { type: 'button', class: 'replay-move-button', 'aria-label': t('replay.showMove', { sentence: verdictSentence(move, replay.game) }) },
        el('span', { class: 'replay-move-notation', text: moveNotation(move, replay.game) }),
        el('span', { class: `verdict verdict-${move.verdict}`, text: t(`verdict.word.${move.verdict}`) })));
    item.firstChild.addEventListener('click', stepTo(() => index + 1));
    return item;
  }

  async function load() {
    try {
      replay = await actions.replay(param);
      board = createBoard({ onPlay: () => {}, variant: replay.game.variant });
      boardSlot.replaceChildren(board.node);
      const view = { ...replay.game, phase: 'finished' };
      setText(title, t('replay.title', { match: matchTitle(view, me()) }));
      setText(result, resultLine(view, me()));
      gameLink.href = `#${gamePath(replay.game.id)}`;
      replaceChildren(moveList, replay.moves.map(moveItem));
      loading.hidden = true;
      body.hidden = false;
      show(0);
    } catch (error) {
      replaceChildren(loading, el('span', { id: 'replay-error', text: error.message }), ' ',
        el('a', { href: '#/history', text: t('history.title') }));
    }
  }
  load();

  return {
    node,
    destroy() {
      stop();
      document.removeEventListener('keydown', onKey);
    },
  };
}
