// The bar on top of every screen: the name, the leaderboard, the player's history, the
// friends page, the game catalogue, the notification bell (mounted into `#bell-slot` by main.js), who is
// signed in (picture and name, a link to their profile), settings, the theme toggle and
// sign out (which asks a guest first: views/guest.js).

import { el, setText, setAttr } from '../dom.js';
import { profilePath } from '../router.js';
import { shownTheme, toggleTheme, onSystemThemeChange } from '../theme.js';
import { avatarImage, showAvatar } from './shared/avatar.js';
import { icon } from './shared/icons.js';
import { t } from '../i18n.js';

export function mountTopbar(root, { store, onSignOut }) {
  const brand = el('a', { class: 'brand', href: '#/', 'aria-label': t('topbar.brand') },
    el('span', { class: 'brand-o', 'aria-hidden': 'true', text: 'O' }),
    el('span', { class: 'brand-x', 'aria-hidden': 'true', text: 'X' }),
    el('span', { class: 'brand-o', 'aria-hidden': 'true', text: 'O' }));
  const picture = avatarImage(null, { size: 28, id: 'my-avatar' });
  const name = el('span', { class: 'who', id: 'signed-in-as' });
  const who = el('a', { class: 'who-link', id: 'profile-link' }, picture, name);
  // On a phone the top bar has room for its icon only (the style sheet); the tab bar holds the other links.
  const leaderboard = el('a', { class: 'link-button', id: 'leaderboard-link', href: '#/leaderboard', 'aria-label': t('topbar.leaderboard') },
    icon('trophy'), el('span', { class: 'link-text', text: t('topbar.leaderboard') }));
  const historyLink = el('a', { class: 'link-button', id: 'history-link', href: '#/history', text: t('topbar.history'),
    title: t('topbar.historyTitle') });
  const settings = el('a', { class: 'icon-button', id: 'settings-link', href: '#/settings',
    'aria-label': t('topbar.settings'), title: t('topbar.settings') }, icon('settings'));
  const themeButton = el('button', { type: 'button', class: 'icon-button theme-toggle', id: 'theme-toggle' });
  const signOut = el('button', { type: 'button', class: 'link-button', id: 'sign-out', text: t('topbar.signOut') });
  const friends = el('a', { class: 'link-button', id: 'friends-link', href: '#/friends', text: t('topbar.friends') });
  const games = el('a', { class: 'link-button', id: 'catalogue-link', href: '#/catalogue', text: t('topbar.games'),
    title: t('topbar.gamesTitle') });
  const messages = el('a', { class: 'link-button', id: 'messages-link', href: '#/messages', text: t('topbar.messages') });
  const bellSlot = el('span', { id: 'bell-slot', class: 'bell-slot' });
  root.replaceChildren(brand, el('div', { class: 'topbar-end' },
    leaderboard, historyLink, friends, games, messages, bellSlot, who, settings, themeButton, signOut));

  function renderTheme() {
    const shown = shownTheme();
    const next = shown === 'dark' ? 'light' : 'dark';
    themeButton.replaceChildren(icon(shown === 'dark' ? 'sun' : 'moon'));
    const label = next === 'dark' ? t('topbar.darkTheme') : t('topbar.lightTheme');
    setAttr(themeButton, 'aria-label', label);
    setAttr(themeButton, 'title', label);
    document.documentElement.dataset.shownTheme = shown;
  }

  function render(state) {
    const user = state.session?.user;
    for (const signedInOnly of [who, leaderboard, historyLink, friends, games, messages, settings, signOut]) {
      signedInOnly.hidden = !user;
    }
    setAttr(who, 'href', user ? `#${profilePath(user.id)}` : null);
    setText(name, user ? user.display_name : '');
    showAvatar(picture, user);
    setAttr(who, 'title', user ? t('topbar.signedInAs', { username: user.username }) : null);
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
