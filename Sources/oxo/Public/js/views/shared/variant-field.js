// The board a player picks, wherever a game is made: the "+" sheet, a challenge, Play
// random. Classic unless chosen otherwise, with the chosen board's rules under it (for
// Play random, `short`, only once another board than classic is chosen: the row beside
// the button stays as it was for those who play classic).

import { el, setText } from '../../dom.js';
import { VARIANT_NAMES, variantOf } from '../../variants.js';
import { t } from '../../i18n.js';

export function variantField({ id, label = t('variant.field'), short = false }) {
  const rulesId = `${id}-rules`;
  const select = el('select', { id, name: 'variant', 'aria-describedby': rulesId },
    VARIANT_NAMES.map((name) => el('option', { value: name })));
  const rules = el('p', { class: 'field-help variant-rules', id: rulesId });
  const node = el('div', { class: 'field variant-field' }, el('label', { for: id, text: label }), select);
  const listeners = [];

  /** The options' and the rules' words, which the server's catalogue may have changed since. */
  function refresh() {
    for (const option of select.options) {
      const variant = variantOf(option.value);
      setText(option, short ? variant.name : `${variant.name} (${variant.size})`);
    }
    const chosen = variantOf(select.value);
    setText(rules, chosen.rules);
    rules.hidden = short && chosen.key === 'classic';
  }
  select.addEventListener('change', () => {
    refresh();
    listeners.forEach((listener) => listener(select.value));
  });
  refresh();

  return {
    node,
    /** The rules of the board chosen, to be placed where the form has room for a sentence. */
    rules,
    select,
    value: () => select.value,
    refresh,
    reset() {
      select.value = 'classic';
      refresh();
    },
    /** `listener(variant)` on every change of board. */
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
