// Small pieces that every list of the page draws: the row that stands for an empty (or
// failed) list, and a game's board in miniature.

import { el } from '../../dom.js';

export function emptyRow(text) {
  return el('li', { class: 'empty muted', text });
}

export function miniBoard(board) {
  return el('span', { class: 'mini-board', 'aria-hidden': 'true' },
    [...board].map((cell) => el('span', { class: `mini-cell mark-${cell === '.' ? 'none' : cell}`, text: cell === '.' ? '' : cell })));
}
