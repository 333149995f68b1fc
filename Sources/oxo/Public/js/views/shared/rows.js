// Small pieces that every list of the page draws: the row that stands for an empty (or
// failed) list, the one for a list still to come, and a game's board in miniature.

import { el } from '../../dom.js';

export function emptyRow(text) {
  return el('li', { class: 'empty muted', text });
}

/** The row of a list the server has not sent yet: on its way, or, with no network, not until it is back. */
export function pendingRow(connection) {
  return emptyRow(connection.state === 'no-network' ? 'Not available offline.' : 'Loading…');
}

export function miniBoard(board) {
  return el('span', { class: 'mini-board', 'aria-hidden': 'true' },
    [...board].map((cell) => el('span', { class: `mini-cell mark-${cell === '.' ? 'none' : cell}`, text: cell === '.' ? '' : cell })));
}
