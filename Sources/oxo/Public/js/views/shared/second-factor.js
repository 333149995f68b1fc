// The field a form adds when the server answers `second_factor_required`: one box for the
// six digits of the authenticator app or a recovery code, told apart by their shape, so
// the person need not say which they are typing.

import { el } from '../../dom.js';
import { t } from '../../i18n.js';

/** The body fields for what was typed: `{ totp }` for six digits, else `{ recovery_code }`. */
export function secondFactorProof(typed) {
  const text = typed.trim();
  if (!text) return {};
  return /^\d{6}$/.test(text.replace(/\s/g, '')) ? { totp: text.replace(/\s/g, '') } : { recovery_code: text };
}

/**
 * A hidden field with its label; `reveal()` shows and focuses it, `proof()` gives the body
 * fields for what is in it (none while it is hidden or empty).
 */
export function secondFactorField(id) {
  const input = el('input', { id, name: id, autocomplete: 'one-time-code', autocapitalize: 'characters',
    spellcheck: 'false', maxlength: 40, 'aria-describedby': `${id}-help` });
  const node = el('div', { class: 'field', hidden: true },
    el('label', { for: id, text: t('twoStep.codeLabel') }),
    input,
    el('p', { class: 'field-help', id: `${id}-help`, text: t('twoStep.codeHelp') }));
  return {
    node,
    reveal() {
      node.hidden = false;
      input.focus();
    },
    proof: () => (node.hidden ? {} : secondFactorProof(input.value)),
    clear() { input.value = ''; },
  };
}

/** Whether a refusal asks for the second factor. */
export const asksForSecondFactor = (failure) => failure?.code === 'second_factor_required';
