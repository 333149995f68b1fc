// The game screen's two players: mark, picture, name (a link to the profile), "you",
// who is to move and who won. Rebuilt only when one of those changes.

import { el, replaceChildren } from '../dom.js';
import { seatName } from '../describe.js';
import { marksOf, seatOf } from '../store.js';
import { avatarImage } from './shared/avatar.js';
import { playerLink } from './shared/player-link.js';
import { t } from '../i18n.js';

export function gamePlayers() {
  const node = el('ul', { class: 'players', id: 'players', 'aria-label': t('game.players') });

  function seat(game, mark, mine) {
    const player = seatOf(game, mark)?.player;
    const turn = game.phase === 'live' && game.turn === mark;
    const won = game.result?.winner === mark;
    return el('li', { class: `player${turn ? ' is-turn' : ''}${won ? ' is-winner' : ''}`, dataset: { mark } },
      el('span', { class: `player-mark mark-${mark}`, 'aria-hidden': 'true', text: mark }),
      avatarImage(player, { size: 36 }),
      el('span', { class: 'player-name' },
        el('span', { class: 'visually-hidden', text: `${mark}: ` }),
        player ? playerLink(player, { class: 'name' }) : el('span', { class: 'name', text: seatName(game, mark) }),
        mine.includes(mark) ? el('span', { class: 'tag', text: game.mode === 'pass_and_play' ? t('game.youBoth') : t('common.youTag') }) : null),
      turn ? el('span', { class: 'turn-tag', text: t('game.toMove') }) : null,
      won ? el('span', { class: 'turn-tag win-tag', text: t('game.winner') }) : null);
  }

  return {
    node,
    render(game, me) {
      const mine = marksOf(game, me);
      const key = ['X', 'O'].map((m) => `${m}:${seatName(game, m)}:${seatOf(game, m)?.player?.avatar}:${game.turn === m}:${game.result?.winner === m}`)
        .join('|') + mine.join('');
      if (node.dataset.key === key) return;
      node.dataset.key = key;
      replaceChildren(node, ['X', 'O'].map((mark) => seat(game, mark, mine)));
    },
  };
}
