// Ultimate's board: nine small 3×3 boards in a 3×3, over the same cells as every board
// (board-cells.js: numbered on the whole 9×9 grid, arrow keys crossing from one small
// board to the next). What the server says of the small boards is drawn on them: the one
// the player to move must play in (or every open one) in colour and in a sentence above,
// a won board's winner written big over it, a full one greyed, and the three boards of
// the winning line joined by the line.

import { el, setAttr, setText } from '../dom.js';
import { cellName, placeOf } from '../describe.js';
import { cellCoordinate } from '../variants.js';
import { capitalised, t } from '../i18n.js';
import { boardCells, winLine } from './board-cells.js';

const SIDE = 9;

/** "Top-right board", "Centre board": small board `b` (0–8) named as a cell of classic's is, starting a sentence. */
export const smallBoardTitle = (b) => capitalised(t('ultimate.board', { place: placeOf(b) }));

/** The small board holding cell `cell` of the 9×9 grid. */
const boardOf = (cell) => Math.floor(cell / 27) * 3 + Math.floor((cell % SIDE) / 3);
/** The cells of small board `b`, row by row. */
const cellsOf = (b) => [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => (Math.floor(b / 3) * 3 + r) * SIDE + (b % 3) * 3 + c));
/** Where cell `cell` stands inside its small board (0–8): the small board it sends the opponent to. */
const placeInBoard = (cell) => (Math.floor(cell / SIDE) % 3) * 3 + (cell % 3);

/** The sentence over the board: which small board the player to move must play in. */
export function whereText({ live, active, turn, yourTurn }) {
  if (!live) return '';
  if (active === null || active === undefined) return yourTurn ? t('ultimate.playAnywhere') : t('ultimate.mayPlayAnywhere', { mark: turn });
  return yourTurn ? t('ultimate.playIn', { place: placeOf(active) }) : t('ultimate.playsIn', { mark: turn, place: placeOf(active) });
}

export function createUltimateBoard({ onPlay }) {
  const grid = boardCells({ width: SIDE, height: SIDE, start: 40, onPlay });
  const winners = [];
  const smallBoards = Array.from({ length: 9 }, (_, b) => {
    const winner = el('span', { class: 'small-winner', 'aria-hidden': 'true' });
    winners.push(winner);
    return el('div', { class: 'small-board', role: 'group', dataset: { board: String(b) } }, cellsOf(b).map((cell) => grid.cells[cell]), winner);
  });
  const line = winLine(3, 3);
  const squares = el('div', { class: 'board', role: 'group', 'aria-label': t('board.label'), id: 'board', dataset: { variant: 'ultimate' } }, smallBoards);
  squares.addEventListener('keydown', grid.onKey);
  const where = el('p', { class: 'board-where', id: 'board-where', 'aria-live': 'polite' });
  const frame = el('div', { class: 'board-frame', dataset: { variant: 'ultimate' } }, squares, line.node);
  const node = el('div', { class: 'board-ultimate' }, where, frame);
  let active = null;

  /**
   * @param board the server's board string: 81 of "X", "O", "." row by row on the 9×9 grid
   * @param options.line the winning line's small boards (0–8), if any
   * @param options.smallBoards the server's nine: "X"/"O" won by, "-" full, "." open
   * @param options.active the small board the player to move must play in; null for any open one
   * @param options.live whether the game is being played; options.turn its side to move;
   *        options.yourTurn whether that is the viewer (the sentence then says "Play in…")
   * The rest as the line boards' (board.js): hint, playable, last, arrived.
   */
  function render(board, { line: winning = null, hint = [], playable = true, last = null, arrived = false,
    smallBoards: states = '.........', active: activeBoard = null, live = false, turn = null, yourTurn = false } = {}) {
    active = live ? activeBoard : null;
    frame.classList.toggle('is-finished', !!winning);
    squares.classList.toggle('is-playable', playable);
    setText(where, whereText({ live, active, turn, yourTurn }));
    where.hidden = !live;
    smallBoards.forEach((small, b) => {
      const state = states[b] ?? '.';
      const open = state === '.';
      const toPlay = live && open && (active === null || active === b);
      small.dataset.state = state === 'X' || state === 'O' ? state : open ? 'open' : 'full';
      small.classList.toggle('is-active', toPlay);
      small.classList.toggle('win', !!winning?.includes(b));
      setText(winners[b], open || state === '-' ? '' : state);
      winners[b].className = `small-winner${open || state === '-' ? '' : ` mark-${state}`}`;
      const said = [smallBoardTitle(b)];
      if (state === 'X' || state === 'O') said.push(t('board.wonBy', { mark: state }));
      else if (state === '-') said.push(t('board.fullNobodyWon'));
      else if (toPlay) said.push(t('board.playHere'));
      if (winning?.includes(b)) said.push(t('cell.winningLine'));
      setAttr(small, 'aria-label', said.join(', '));
    });
    grid.cells.forEach((_, cell) => {
      const mark = board[cell] === 'X' || board[cell] === 'O' ? board[cell] : '';
      grid.paint(cell, mark, {
        place: `${smallBoardTitle(boardOf(cell))}, ${cellName(placeInBoard(cell))}, ${cellCoordinate(cell, 'ultimate')}`,
        last: last === cell, win: false, hint: hint.includes(cell), arrived, playable,
      });
    });
    line.show(winning);
  }

  /** The keyboard comes to the board in the small board to play in, when the one it was in is another. */
  function focus() {
    if (active !== null && boardOf(grid.focused()) !== active) grid.setFocus(cellsOf(active)[4]);
    else grid.focus();
  }

  return { node, render, focus };
}
