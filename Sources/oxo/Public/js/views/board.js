// The board of a game: for classic, four in a row and Gomoku one grid of the variant's
// width and height, for Ultimate its nine small boards (ultimate-board.js). Each draws
// what the server says: the marks, the last move, the winning line, a hint. Every cell is
// a button the user can press, click, or reach with the keyboard (board-cells.js).
// Gomoku's 15 columns fit a phone's width with small cells: Zoom in enlarges the board
// inside a frame that scrolls, so a finger finds its cell and the page stays its width.

import { el, setAttr, setText } from '../dom.js';
import { cellName } from '../describe.js';
import { cellCoordinate, variantOf } from '../variants.js';
import { screenReaderMode } from '../screen-reader.js';
import { t } from '../i18n.js';
import { boardCells, winLine } from './board-cells.js';
import { createUltimateBoard } from './ultimate-board.js';

/** Boards wider than this many columns offer Zoom in. */
const ZOOM_FROM_COLUMNS = 9;

/**
 * @param onPlay called with the cell pressed
 * @param variant the game's variant ("classic" when left out)
 */
export function createBoard({ onPlay, variant = 'classic' }) {
  const shape = variantOf(variant);
  return shape.key === 'ultimate' ? createUltimateBoard({ onPlay }) : lineBoard(shape, onPlay);
}

/**
 * Where a cell is, as its accessible name starts: "h8" on the bigger boards; on classic
 * "Cell 5, centre" (its key), or in the screen-reader mode, whose commands name cells by
 * coordinates, "b2, centre".
 */
function placeName(shape, index) {
  if (shape.key !== 'classic') return cellCoordinate(index, shape.key);
  return screenReaderMode() ? `${cellCoordinate(index, shape.key)}, ${cellName(index)}`
    : t('cell.numbered', { number: index + 1, place: cellName(index) });
}

/**
 * The cells as an ARIA grid of rows: wrappers with `display: contents` (boards.css), so
 * the buttons stay the items of the board's CSS grid.
 */
function gridRows(cells, width) {
  const rows = [];
  for (let start = 0; start < cells.length; start += width) {
    rows.push(el('div', { class: 'board-row', role: 'row' },
      cells.slice(start, start + width).map((cell) => el('div', { class: 'board-gridcell', role: 'gridcell' }, cell))));
  }
  return rows;
}

function lineBoard(shape, onPlay) {
  const { width, height } = shape;
  const grid = boardCells({ width, height, start: Math.floor((height - 1) / 2) * width + Math.floor((width - 1) / 2), onPlay });
  const line = winLine(width, height);
  const squares = el('div', { class: 'board', role: 'grid', 'aria-label': t('board.label'), id: 'board', dataset: { variant: shape.key } },
    gridRows(grid.cells, width));
  squares.addEventListener('keydown', grid.onKey);
  const frame = el('div', { class: 'board-frame', dataset: { variant: shape.key } }, squares, line.node);
  let node = frame;
  if (width > ZOOM_FROM_COLUMNS) {
    const zoom = el('button', { type: 'button', class: 'small board-zoom', id: 'board-zoom', 'aria-pressed': 'false', 'aria-controls': 'board', text: t('board.zoomIn') });
    const scroller = el('div', { class: 'board-scroller', id: 'board-scroller' }, frame);
    zoom.addEventListener('click', () => {
      const zoomed = zoom.getAttribute('aria-pressed') !== 'true';
      setAttr(zoom, 'aria-pressed', String(zoomed));
      setText(zoom, zoomed ? t('board.zoomOut') : t('board.zoomIn'));
      scroller.classList.toggle('is-zoomed', zoomed);
      // Keep the cell with the keyboard (the last one pressed, or the centre) in sight.
      grid.cells[grid.focused()].scrollIntoView({ block: 'nearest', inline: 'center' });
    });
    node = el('div', { class: 'board-zoomable' }, el('div', { class: 'board-tools' }, zoom), scroller);
  }

  /**
   * @param board the server's board string: width × height of "X", "O", "."
   * @param options.line the winning line's cells, if any
   * @param options.hint cells to mark as the engine's best moves
   * @param options.playable whether pressing a cell sends a move (false for watchers)
   * @param options.last the cell of the last move, marked until the next one
   * @param options.arrived whether that move has just arrived, to animate it once
   */
  function render(board, { line: winning = null, hint = [], playable = true, last = null, arrived = false } = {}) {
    frame.classList.toggle('is-finished', !!winning);
    squares.classList.toggle('is-playable', playable);
    grid.cells.forEach((_, index) => {
      const mark = board[index] === 'X' || board[index] === 'O' ? board[index] : '';
      grid.paint(index, mark, {
        place: placeName(shape, index), last: last === index, win: !!winning?.includes(index),
        hint: hint.includes(index), arrived, playable,
      });
    });
    line.show(winning);
  }

  return { node, render, focus: grid.focus };
}
