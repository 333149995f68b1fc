// The game screen says which board the game is played on: its name beside the mode, and
// its rules, folded away until asked for.

import { el, setText } from '../dom.js';
import { variantOf } from '../variants.js';
import { t } from '../i18n.js';

export function gameVariant() {
  const name = el('span', { class: 'pill variant-pill', id: 'game-variant' });
  const summary = el('summary', { text: t('game.rules') });
  const text = el('p', { class: 'rules-text', id: 'game-rules-text' });
  const rules = el('details', { class: 'rules', id: 'game-rules' }, summary, text);
  return {
    name,
    rules,
    render(game) {
      const variant = variantOf(game);
      name.dataset.variant = variant.key;
      setText(name, variant.name);
      setText(summary, t('game.rulesOf', { board: variant.name }));
      setText(text, variant.rules);
    },
  };
}
