// The cells of every board: one button a cell, numbered row-major on the variant's whole
// grid (the server's numbers, so `data-cell` is what a move sends), one of them in the tab
// order at a time (arrow keys move it, wrapping at the edges; Home and End go to the first
// and last cell; Enter or Space presses the button, which plays). The line boards lay the
// buttons out in one grid, Ultimate in nine small ones: the layout is theirs, the cells,
// the keys and what a cell shows are these.

import { el, setAttr, setText } from '../dom.js';
import { t } from '../i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * @param width, height the whole grid's columns and rows
 * @param start the cell that has the keyboard first (the centre)
 * @param onPlay called with a cell's number when it is pressed
 */
export function boardCells({ width, height, start, onPlay }) {
  let focusIndex = start;
  const cells = Array.from({ length: width * height }, (_, index) => {
    const button = el('button', { type: 'button', class: 'cell', dataset: { cell: String(index) }, tabindex: index === focusIndex ? '0' : '-1' });
    button.addEventListener('click', () => onPlay(index));
    button.addEventListener('focus', () => setFocus(index, false));
    return button;
  });

  function setFocus(index, move = true) {
    if (focusIndex !== index) {
      setAttr(cells[focusIndex], 'tabindex', '-1');
      setAttr(cells[index], 'tabindex', '0');
      focusIndex = index;
    }
    if (move) cells[index].focus();
  }

  /** The arrow keys, Home and End, on whichever element holds the cells. */
  function onKey(event) {
    const row = Math.floor(focusIndex / width);
    const column = focusIndex % width;
    const moves = {
      ArrowUp: [(row + height - 1) % height, column],
      ArrowDown: [(row + 1) % height, column],
      ArrowLeft: [row, (column + width - 1) % width],
      ArrowRight: [row, (column + 1) % width],
    };
    let target = null;
    if (moves[event.key]) target = moves[event.key][0] * width + moves[event.key][1];
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = cells.length - 1;
    if (target === null) return;
    event.preventDefault();
    setFocus(target);
  }

  /**
   * Draws one cell: its mark and what is marked on it, and its accessible name, `place`
   * (where it is) followed by what it holds and what is marked.
   */
  function paint(index, mark, { place, last, win, hint, arrived, playable }) {
    const cell = cells[index];
    setText(cell, mark);
    cell.dataset.mark = mark || 'none';
    cell.classList.toggle('win', win);
    cell.classList.toggle('hint', hint);
    cell.classList.toggle('last', last);
    if (arrived) cell.classList.toggle('arrived', last);
    const parts = [place, mark || t('cell.empty')];
    if (last) parts.push(t('cell.lastMove'));
    if (win) parts.push(t('cell.winningLine'));
    if (hint) parts.push(t('cell.hint'));
    setAttr(cell, 'aria-label', parts.join(', '));
    setAttr(cell, 'aria-disabled', playable ? null : 'true');
  }

  return {
    cells,
    onKey,
    paint,
    setFocus,
    focused: () => focusIndex,
    focus: () => cells[focusIndex].focus(),
  };
}

/**
 * The winning line drawn over a grid of `columns` × `rows` squares (cells, or Ultimate's
 * small boards): through the centres of the first and the last square of the line, a
 * little past them. A line longer than needed (Gomoku's six) is drawn whole.
 */
export function winLine(columns, rows) {
  const line = document.createElementNS(SVG, 'line');
  line.setAttribute('class', 'win-line-stroke');
  const node = document.createElementNS(SVG, 'svg');
  node.setAttribute('class', 'win-line');
  node.setAttribute('viewBox', `0 0 ${columns} ${rows}`);
  node.setAttribute('aria-hidden', 'true');
  node.append(line);
  const centre = (square) => [(square % columns) + 0.5, Math.floor(square / columns) + 0.5];

  return {
    node,
    /** @param squares the line's squares, ascending (so the first and the last are its ends), or null */
    show(squares) {
      if (!squares || squares.length < 2) {
        node.classList.remove('shown');
        delete node.dataset.line;
        return;
      }
      const [x1, y1] = centre(squares[0]);
      const [x2, y2] = centre(squares[squares.length - 1]);
      // Run the stroke past the end squares' centres by about half a square.
      const steps = squares.length - 1;
      const dx = ((x2 - x1) / steps) * 0.36;
      const dy = ((y2 - y1) / steps) * 0.36;
      line.setAttribute('x1', String(x1 - dx));
      line.setAttribute('y1', String(y1 - dy));
      line.setAttribute('x2', String(x2 + dx));
      line.setAttribute('y2', String(y2 + dy));
      node.dataset.line = squares.join('-');
      node.classList.add('shown');
    },
  };
}
