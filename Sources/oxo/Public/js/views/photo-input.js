// Choosing a photo: a file input that shows the chosen picture before it is sent. The
// preview is a blob: address of the file on this device; nothing leaves the page until
// the form is sent. The server checks the bytes; the checks here only spare the user a
// round trip (and, at registration, an account made with a photo that is then refused).

import { el, setText } from '../dom.js';
import { photoProblem } from './shared/photo-checks.js';
import { t } from '../i18n.js';

/** A labelled file input with a preview; `file()` is the chosen photo or null. */
export function photoInput({ id, label, help }) {
  const input = el('input', { id, name: 'photo', type: 'file', accept: 'image/*', 'aria-describedby': `${id}-help` });
  const preview = el('img', { class: 'avatar avatar-preview', id: `${id}-preview`, width: 96, height: 96,
    alt: t('photo.chosenAlt'), hidden: true });
  const problem = el('p', { class: 'form-error', role: 'alert', id: `${id}-problem` });
  let shownURL = null;

  function show() {
    const file = input.files?.[0] ?? null;
    if (shownURL) URL.revokeObjectURL(shownURL);
    shownURL = file && !photoProblem(file) ? URL.createObjectURL(file) : null;
    if (shownURL) preview.src = shownURL;
    else preview.removeAttribute('src');
    preview.hidden = !shownURL;
    setText(problem, photoProblem(file) ?? '');
  }
  input.addEventListener('change', show);

  const node = el('div', { class: 'field photo-field' },
    el('label', { for: id, text: label }),
    el('div', { class: 'photo-row' }, preview, input),
    el('p', { class: 'field-help', id: `${id}-help`, text: help }),
    problem);
  return {
    node,
    file: () => input.files?.[0] ?? null,
    problem: () => photoProblem(input.files?.[0] ?? null),
    clear() {
      input.value = '';
      show();
    },
  };
}
