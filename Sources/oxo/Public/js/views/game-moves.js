// The game's moves, one a line in coordinates ("1. b2 X", "12. h8 O" on bigger boards),
// rebuilt only when a move is added.

import { el, replaceChildren } from '../dom.js';
import { moveNotation } from '../describe.js';
import { t } from '../i18n.js';

export function gameMoves() {
  const node = el('ol', { class: 'move-list', id: 'move-list', 'aria-label': t('game.moves') });
  return {
    node,
    render(game) {
      if (node.childElementCount === game.moves.length) return;
      replaceChildren(node, game.moves.map((move) => el('li', { text: moveNotation(move, game) })));
    },
  };
}
