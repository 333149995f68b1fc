// Settings' last section: everything the server holds about the user as one file, and
// deleting the account, which asks for the password (a guest has none) and says first
// what it does.

import { el, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { secondFactorField, asksForSecondFactor } from './shared/second-factor.js';

const CONSEQUENCES = [
  'You are signed out everywhere, and games you are playing are resigned: your opponents win.',
  'Your messages, conversations and photos are removed, and your friends, follows and blocks end.',
  'Your rating and record leave the leaderboard. Finished games stay for your opponents, shown with "deleted player".',
  'Nobody can register your username for 30 days. This cannot be undone: download your data first if you want it.',
];

export function accountData({ actions, store, deleted }) {
  const download = el('button', { type: 'button', class: 'secondary', id: 'export-account', text: 'Download my data' });
  const exportStatus = el('p', { class: 'muted', role: 'status', id: 'export-status' });
  const exportError = el('p', { class: 'form-error', role: 'alert', id: 'export-error' });
  download.addEventListener('click', () => attempt(async () => {
    const data = await actions.exportAccount();
    const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const link = el('a', { href: URL.createObjectURL(file), download: `oxo-${data.account.username}.json` });
    link.click();
    URL.revokeObjectURL(link.href);
    setText(exportStatus, 'Your data is downloaded.');
  }, { refusal: exportError, button: download }));

  const guest = store.state.session?.user?.guest === true;
  const password = el('input', { type: 'password', id: 'delete-password', autocomplete: 'current-password',
    'aria-describedby': 'delete-consequences' });
  const code = secondFactorField('delete-code');
  const confirm = el('button', { type: 'submit', class: 'danger', id: 'confirm-delete', text: 'Delete my account for good' });
  const cancel = el('button', { type: 'button', class: 'secondary', id: 'cancel-delete', text: 'Keep my account' });
  const deleteError = el('p', { class: 'form-error', role: 'alert', id: 'delete-error' });
  const form = el('form', { class: 'delete-account', id: 'delete-account-form', hidden: true, novalidate: true },
    el('ul', { id: 'delete-consequences' }, CONSEQUENCES.map((line) => el('li', { text: line }))),
    guest ? null : el('div', { class: 'field' },
      el('label', { for: 'delete-password', text: 'Your password, to confirm' }), password),
    code.node, el('div', { class: 'inline' }, confirm, cancel), deleteError);
  const start = el('button', { type: 'button', class: 'danger', id: 'delete-account', text: 'Delete account' });
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
      setText(deleteError, 'Type your password to confirm.');
      return;
    }
    attempt(async () => {
      try {
        await actions.deleteAccount(guest ? null : password.value, code.proof());
      } catch (failure) {
        if (!asksForSecondFactor(failure)) throw failure;
        code.reveal();
        throw new Error('Two-step sign-in is on: type a code from your authenticator app, or a recovery code.');
      }
      deleted();
    }, { refusal: deleteError, button: confirm });
  });

  const node = el('section', { class: 'settings-section', 'aria-labelledby': 'data-title' },
    el('h2', { id: 'data-title', text: 'Your data' }),
    el('p', { class: 'muted', text: 'Everything the server keeps about you, your photos included, as one JSON file.' }),
    download, exportStatus, exportError,
    el('h2', { id: 'delete-title', text: 'Delete account' }),
    start, form);
  return { node };
}
