// Rows of games for the lobby's lists: a small picture of the board, who plays, what
// is happening, and one action.

import { el } from '../dom.js';
import { matchTitle, modeLabel, seatName, shortStatus } from '../describe.js';
import { isMyTurn, marksOf } from '../store.js';
import { miniBoard, variantPill } from './shared/rows.js';
import { t } from '../i18n.js';

/**
 * @param game the server's GameView
 * @param userId the signed-in user
 * @param action { label, accessibleLabel, onClick, primary?, note? } (`note`: a word more on the row, such as who is offline)
 */
export function gameRow(game, userId, action) {
  const mine = marksOf(game, userId);
  const myTurn = isMyTurn(game, userId);
  const taken = game.x ? 'X' : 'O';
  let title = matchTitle(game, userId);
  if (game.phase === 'open') {
    title = mine.length ? t('row.youPlay', { mark: taken }) : t('row.plays', { name: seatName(game, taken), mark: taken });
  }
  const button = el('button', {
    type: 'button',
    class: action.primary ? 'primary small' : 'small',
    'aria-label': action.accessibleLabel ?? action.label,
    text: action.label,
  });
  button.addEventListener('click', action.onClick);
  return el('li', { class: `game-row${myTurn ? ' my-turn' : ''}`, dataset: { game: game.id, code: game.code, phase: game.phase } },
    miniBoard(game.board, game),
    el('span', { class: 'game-row-text' },
      el('span', { class: 'game-row-title', text: title }),
      el('span', { class: 'game-row-meta' },
        el('span', { class: `pill${myTurn ? ' pill-turn' : ''}`, text: shortStatus(game, userId) }),
        variantPill(game),
        el('span', { class: 'muted', text: `${modeLabel(game)} · ${game.code}` }),
        game.watchers ? el('span', { class: 'muted', text: `· ${t('share.watchers', { count: game.watchers })}` }) : null,
        action.note ? el('span', { class: 'muted row-note', text: `· ${action.note}` }) : null)),
    button);
}
