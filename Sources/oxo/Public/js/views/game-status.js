// What the game screen says in sentences: the status (whose turn, the result), the
// server's last refusal, and the engine's hint. The status and the refusal are live
// regions, so a screen reader hears them as they change.

import { el, setText } from '../dom.js';
import { cellName, statusLine } from '../describe.js';
import { isMyTurn } from '../store.js';

function hintSentence(cells) {
  if (!cells.length) return 'No move to suggest.';
  const names = cells.map((cell) => `${cellName(cell)} (${cell + 1})`);
  return cells.length === 1 ? `Best move: ${names[0]}.` : `Best moves: ${names.join(', ')}.`;
}

export function gameStatus() {
  const status = el('p', { class: 'status', id: 'game-status', 'aria-live': 'polite' });
  const refusal = el('p', { class: 'refusal', id: 'game-refusal', role: 'alert' });
  const hint = el('p', { class: 'hint-text', id: 'hint-text', 'aria-live': 'polite' });
  return {
    status,
    refusal,
    hint,
    /** `shown`: { refusal: { text, code } | null, hint: { cells } | null } */
    render(game, me, shown) {
      setText(status, statusLine(game, me));
      status.classList.toggle('is-my-turn', isMyTurn(game, me));
      status.classList.toggle('is-result', game.phase === 'finished');
      setText(refusal, shown.refusal?.text ?? '');
      if (shown.refusal) refusal.dataset.code = shown.refusal.code;
      else delete refusal.dataset.code;
      setText(hint, shown.hint ? hintSentence(shown.hint.cells) : '');
    },
  };
}
