// What the game screen says in sentences: the status (whose turn, the result), the
// server's last refusal, and the engine's hint. The status and the refusal are live
// regions, so a screen reader hears them as they change.

import { el, setText } from '../dom.js';
import { cellName, statusLine } from '../describe.js';
import { isMyTurn } from '../store.js';
import { cellCoordinate, variantOf } from '../variants.js';
import { t } from '../i18n.js';

/**
 * Classic's cells by their place and key ("bottom right (9)"); the others' by coordinates
 * ("h8"). Where the board is not solved the moves are the engine's estimate, and it says so.
 */
function hintSentence({ cells, source }, game) {
  if (!cells.length) return t('hint.none');
  const classic = variantOf(game).key === 'classic';
  const names = cells.map((cell) => (classic ? `${cellName(cell)} (${cell + 1})` : cellCoordinate(cell, game)));
  const sentence = t('hint.best', { count: cells.length, cells: names.join(', ') });
  return source === 'engine' ? t('hint.estimate', { hint: sentence }) : sentence;
}

export function gameStatus() {
  const status = el('p', { class: 'status', id: 'game-status', 'aria-live': 'polite' });
  const refusal = el('p', { class: 'refusal', id: 'game-refusal', role: 'alert' });
  const hint = el('p', { class: 'hint-text', id: 'hint-text', 'aria-live': 'polite' });
  return {
    status,
    refusal,
    hint,
    /** `shown`: { refusal: { text, code } | null, hint: { cells, source } | null } */
    render(game, me, shown) {
      setText(status, statusLine(game, me));
      status.classList.toggle('is-my-turn', isMyTurn(game, me));
      status.classList.toggle('is-result', game.phase === 'finished');
      setText(refusal, shown.refusal?.text ?? '');
      if (shown.refusal) refusal.dataset.code = shown.refusal.code;
      else delete refusal.dataset.code;
      setText(hint, shown.hint ? hintSentence(shown.hint, game) : '');
    },
  };
}
