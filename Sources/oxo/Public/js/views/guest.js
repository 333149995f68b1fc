// What a guest is told: under the top bar, why to register (the account and its games are
// kept; a guest account is removed a day after it was made), and on Sign out, that the
// account and its games will be lost, with Register offered instead. A guest's session is
// the only key to the account: once signed out, nothing can sign back in to it.

import { el } from '../dom.js';
import { navigate } from '../router.js';

export function mountGuestNotice(root, { store, signOut }) {
  const register = el('a', { class: 'guest-register', id: 'register-guest', href: '#/register', text: 'Register' });
  root.replaceChildren(el('span', { text: 'You are playing as a guest. ' }), register,
    el('span', { text: ' to keep this account and its games: a guest account is removed a day after it was made.' }));

  const registerInstead = el('button', { type: 'button', class: 'primary', id: 'guest-register-instead', text: 'Register instead' });
  const leave = el('button', { type: 'button', class: 'danger', id: 'guest-sign-out', text: 'Sign out and lose it' });
  const stay = el('button', { type: 'button', id: 'guest-stay', text: 'Cancel' });
  const dialog = el('dialog', { class: 'sheet guest-sign-out', id: 'guest-sign-out-sheet', 'aria-labelledby': 'guest-sign-out-title' },
    el('form', { method: 'dialog' },
      el('h2', { id: 'guest-sign-out-title', text: 'Sign out of a guest account?' }),
      el('p', { text: 'A guest account has no password: once you sign out, nobody can sign back in to it, '
        + 'and it is removed with its games. Register to keep it.' }),
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
