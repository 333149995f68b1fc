// The language the page is shown in: a list of the languages OXO speaks, each named in
// itself, on the sign-in and registration screens and in Settings. Choosing one shows the
// page in it at once (it is drawn again); signed in, the server keeps it as the account's
// (actions.setLanguage), so the account's mail and pushes come in it too.

import { el, setText } from '../../dom.js';
import { LANGUAGES, language, t } from '../../i18n.js';
import { attempt } from './attempt.js';

/** A labelled <select id={id}>; `help`, a sentence under it. */
export function languagePicker({ id, actions, help = null }) {
  const select = el('select', { id, name: 'language', 'aria-describedby': help ? `${id}-help` : null },
    LANGUAGES.map(({ code, name }) => el('option', { value: code, lang: code, text: name, selected: code === language() })));
  const error = el('p', { class: 'form-error', role: 'alert', id: `${id}-error` });
  select.addEventListener('change', async () => {
    const chosen = select.value;
    setText(error, '');
    const done = await attempt(() => actions.setLanguage(chosen), { refusal: error });
    if (!done) select.value = language();
  });
  const node = el('div', { class: 'field language-field' },
    el('label', { for: id, text: t('language.label') }), select,
    help ? el('p', { class: 'field-help', id: `${id}-help`, text: help }) : null,
    error);
  return { node, select };
}
