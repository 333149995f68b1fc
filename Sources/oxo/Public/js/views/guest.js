// What a guest is told: under the top bar, why to register (the account and its games are
// kept; a guest account is removed a day after it was made), and on Sign out, that the
// account and its games will be lost, with Register offered instead. A guest's session is
// the only key to the account: once signed out, nothing can sign back in to it.

import { el } from '../dom.js';
import { navigate } from '../router.js';
import { t } from '../i18n.js';

export function mountGuestNotice(root, { store, signOut }) {
  const register = el('a', { class: 'guest-register', id: 'register-guest', href: '#/register', text: t('guest.register') });
  root.replaceChildren(el('span', { text: t('guest.before') }), ' ', register, ' ', el('span', { text: t('guest.after') }));

  const registerInstead = el('button', { type: 'button', class: 'primary', id: 'guest-register-instead', text: t('guest.registerInstead') });
  const leave = el('button', { type: 'button', class: 'danger', id: 'guest-sign-out', text: t('guest.signOut') });
  const stay = el('button', { type: 'button', id: 'guest-stay', text: t('common.cancel') });
  const dialog = el('dialog', { class: 'sheet guest-sign-out', id: 'guest-sign-out-sheet', 'aria-labelledby': 'guest-sign-out-title' },
    el('form', { method: 'dialog' },
      el('h2', { id: 'guest-sign-out-title', text: t('guest.signOutQuestion') }),
      el('p', { text: t('guest.signOutWarning') }),
      el('div', { class: 'sheet-actions' }, registerInstead, leave, stay)));
  document.body.append(dialog);
  registerInstead.addEventListener('click', () => { dialog.close(); navigate('/register'); });
  leave.addEventListener('click', () => { dialog.close(); signOut(); });
  stay.addEventListener('click', () => dialog.close());

  function render(state) {
    const guest = state.session?.user?.guest === true;
    root.hidden = !guest;
    register.hidden = !guest;
  }
  render(store.state);
  store.subscribe(render);

  return {
    /** Signs out at once, or, for a guest, asks first. */
    signOutAsked() {
      if (store.state.session?.user?.guest === true) dialog.showModal();
      else signOut();
    },
  };
}
