// The 3×3 board: nine buttons the user can press, click, or reach with the keyboard
// (arrow keys move, Enter or Space plays; 1–9 play a cell directly, row by row from the
// top left). It draws what the server says: the marks, the last move, the winning line, a hint.

import { el, setAttr, setText } from '../dom.js';
import { cellName } from '../describe.js';

const SVG = 'http://www.w3.org/2000/svg';

export function createBoard({ onPlay }) {
  let focusIndex = 4;
  const cells = Array.from({ length: 9 }, (_, index) => {
    const button = el('button', { type: 'button', class: 'cell', dataset: { cell: String(index) }, tabindex: index === focusIndex ? '0' : '-1' });
    button.addEventListener('click', () => onPlay(index));
    button.addEventListener('focus', () => setFocus(index, false));
    return button;
  });
  const line = document.createElementNS(SVG, 'line');
  line.setAttribute('class', 'win-line-stroke');
  const overlay = document.createElementNS(SVG, 'svg');
  overlay.setAttribute('class', 'win-line');
  overlay.setAttribute('viewBox', '0 0 3 3');
  overlay.setAttribute('aria-hidden', 'true');
  overlay.append(line);
  const grid = el('div', { class: 'board', role: 'group', 'aria-label': 'Board', id: 'board' }, cells);
  const node = el('div', { class: 'board-frame' }, grid, overlay);

  function setFocus(index, move = true) {
    focusIndex = index;
    cells.forEach((cell, i) => setAttr(cell, 'tabindex', i === index ? '0' : '-1'));
    if (move) cells[index].focus();
  }

  grid.addEventListener('keydown', (event) => {
    const row = Math.floor(focusIndex / 3);
    const column = focusIndex % 3;
    const moves = {
      ArrowUp: [(row + 2) % 3, column],
      ArrowDown: [(row + 1) % 3, column],
      ArrowLeft: [row, (column + 2) % 3],
      ArrowRight: [row, (column + 1) % 3],
    };
    if (moves[event.key]) {
      event.preventDefault();
      const [r, c] = moves[event.key];
      setFocus(r * 3 + c);
    } else if (event.key === 'Home') {
      event.preventDefault();
      setFocus(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      setFocus(8);
    }
  });

  /**
   * @param board the server's board string, nine of "X", "O", "."
   * @param options.line the winning line's three cells, if any
   * @param options.hint cells to mark as the engine's best moves
   * @param options.playable whether pressing a cell sends a move (false for watchers)
   * @param options.last the cell of the last move, marked until the next one
   * @param options.arrived whether that move has just arrived, to animate it once
   */
  function render(board, { line: winning = null, hint = [], playable = true, last = null, arrived = false } = {}) {
    node.classList.toggle('is-finished', !!winning);
    grid.classList.toggle('is-playable', playable);
    cells.forEach((cell, index) => {
      const mark = board[index] === '.' ? '' : board[index];
      setText(cell, mark);
      cell.dataset.mark = mark || 'none';
      cell.classList.toggle('win', !!winning && winning.includes(index));
      cell.classList.toggle('hint', hint.includes(index));
      cell.classList.toggle('last', last === index);
      if (arrived) cell.classList.toggle('arrived', last === index);
      const parts = [`Cell ${index + 1}, ${cellName(index)}`, mark || 'empty'];
      if (last === index) parts.push('last move');
      if (winning?.includes(index)) parts.push('winning line');
      if (hint.includes(index)) parts.push('hint: best move');
      setAttr(cell, 'aria-label', parts.join(', '));
      setAttr(cell, 'aria-disabled', playable ? null : 'true');
    });
    if (winning && winning.length === 3) {
      const centre = (cell) => [(cell % 3) + 0.5, Math.floor(cell / 3) + 0.5];
      const [x1, y1] = centre(winning[0]);
      const [x2, y2] = centre(winning[2]);
      // Run the stroke a little past the outer cells' centres.
      const dx = (x2 - x1) * 0.18;
      const dy = (y2 - y1) * 0.18;
      line.setAttribute('x1', String(x1 - dx));
      line.setAttribute('y1', String(y1 - dy));
      line.setAttribute('x2', String(x2 + dx));
      line.setAttribute('y2', String(y2 + dy));
      overlay.dataset.line = winning.join('-');
      overlay.classList.add('shown');
    } else {
      overlay.classList.remove('shown');
      delete overlay.dataset.line;
    }
  }

  return {
    node,
    render,
    focus: () => cells[focusIndex].focus(),
  };
}
