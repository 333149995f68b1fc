// The bar on top of every screen: the name, who is signed in, the friends page, the
// notification bell (mounted into `#bell-slot` by main.js), the theme toggle and sign out.

import { el, setText, setAttr } from '../dom.js';
import { shownTheme, toggleTheme, onSystemThemeChange } from '../theme.js';

export function mountTopbar(root, { store, onSignOut }) {
  const brand = el('a', { class: 'brand', href: '#/', 'aria-label': 'OXO, back to the lobby' },
    el('span', { class: 'brand-o', 'aria-hidden': 'true', text: 'O' }),
    el('span', { class: 'brand-x', 'aria-hidden': 'true', text: 'X' }),
    el('span', { class: 'brand-o', 'aria-hidden': 'true', text: 'O' }));
  const who = el('span', { class: 'who', id: 'signed-in-as' });
  const themeButton = el('button', { type: 'button', class: 'icon-button theme-toggle', id: 'theme-toggle' });
  const signOut = el('button', { type: 'button', class: 'link-button', id: 'sign-out', text: 'Sign out' });
  const register = el('a', { class: 'link-button', id: 'register-guest', href: '#/register', text: 'Register',
    title: 'Keep this guest account and its games' });
  const friends = el('a', { class: 'link-button', id: 'friends-link', href: '#/friends', text: 'Friends' });
  const bellSlot = el('span', { id: 'bell-slot', class: 'bell-slot' });
  root.replaceChildren(brand, el('div', { class: 'topbar-end' }, who, register, friends, bellSlot, themeButton, signOut));

  function renderTheme() {
    const shown = shownTheme();
    const next = shown === 'dark' ? 'light' : 'dark';
    setText(themeButton, shown === 'dark' ? '☀' : '☾');
    setAttr(themeButton, 'aria-label', `Switch to the ${next} theme`);
    setAttr(themeButton, 'title', `Switch to the ${next} theme`);
    document.documentElement.dataset.shownTheme = shown;
  }

  function render(state) {
    const user = state.session?.user;
    who.hidden = !user;
    signOut.hidden = !user;
    friends.hidden = !user;
    register.hidden = user?.guest !== true;
    setText(who, user ? user.display_name : '');
    setAttr(who, 'title', user ? `Signed in as ${user.username}` : null);
  }

  themeButton.addEventListener('click', () => {
    toggleTheme();
    renderTheme();
  });
  onSystemThemeChange(renderTheme);
  signOut.addEventListener('click', onSignOut);
  renderTheme();
  render(store.state);
  store.subscribe(render);
}
