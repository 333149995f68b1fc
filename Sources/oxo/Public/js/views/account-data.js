// Settings' last section: everything the server holds about the user as one file, and
// deleting the account, which asks for the password (a guest has none) and says first
// what it does.

import { el, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { secondFactorField, asksForSecondFactor } from './shared/second-factor.js';
import { t } from '../i18n.js';

/** What deleting the account does, a line each (`data.consequence.<n>`). */
const CONSEQUENCES = [1, 2, 3, 4];

export function accountData({ actions, store, deleted }) {
  const download = el('button', { type: 'button', class: 'secondary', id: 'export-account', text: t('data.download') });
  const exportStatus = el('p', { class: 'muted', role: 'status', id: 'export-status' });
  const exportError = el('p', { class: 'form-error', role: 'alert', id: 'export-error' });
  download.addEventListener('click', () => attempt(async () => {
    const data = await actions.exportAccount();
    const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const link = el('a', { href: URL.createObjectURL(file), download: `oxo-${data.account.username}.json` });
    link.click();
    URL.revokeObjectURL(link.href);
    setText(exportStatus, t('data.downloaded'));
  }, { refusal: exportError, button: download }));

  const guest = store.state.session?.user?.guest === true;
  const password = el('input', { type: 'password', id: 'delete-password', autocomplete: 'current-password',
    'aria-describedby': 'delete-consequences' });
  const code = secondFactorField('delete-code');
  const confirm = el('button', { type: 'submit', class: 'danger', id: 'confirm-delete', text: t('data.confirmDelete') });
  const cancel = el('button', { type: 'button', class: 'secondary', id: 'cancel-delete', text: t('data.keep') });
  const deleteError = el('p', { class: 'form-error', role: 'alert', id: 'delete-error' });
  const form = el('form', { class: 'delete-account', id: 'delete-account-form', hidden: true, novalidate: true },
    el('ul', { id: 'delete-consequences' }, CONSEQUENCES.map((line) => el('li', { text: t(`data.consequence.${line}`) }))),
    guest ? null : el('div', { class: 'field' },
      el('label', { for: 'delete-password', text: t('data.password') }), password),
    code.node, el('div', { class: 'inline' }, confirm, cancel), deleteError);
  const start = el('button', { type: 'button', class: 'danger', id: 'delete-account', text: t('data.delete') });
  start.addEventListener('click', () => {
    form.hidden = false;
    start.hidden = true;
    (guest ? confirm : password).focus();
  });
  cancel.addEventListener('click', () => {
    form.hidden = true;
    start.hidden = false;
    password.value = '';
    setText(deleteError, '');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!guest && !password.value) {
      setText(deleteError, t('data.typePassword'));
      return;
    }
    attempt(async () => {
      try {
        await actions.deleteAccount(guest ? null : password.value, code.proof());
      } catch (failure) {
        if (!asksForSecondFactor(failure)) throw failure;
        code.reveal();
        throw new Error(t('twoStep.codeNeeded'));
      }
      deleted();
    }, { refusal: deleteError, button: confirm });
  });

  const node = el('section', { class: 'settings-section', 'aria-labelledby': 'data-title' },
    el('h2', { id: 'data-title', text: t('data.title') }),
    el('p', { class: 'muted', text: t('data.intro') }),
    download, exportStatus, exportError,
    el('h2', { id: 'delete-title', text: t('data.delete') }),
    start, form);
  return { node };
}
