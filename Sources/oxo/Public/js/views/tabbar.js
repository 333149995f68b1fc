// The phone's tab bar, at the foot of the screen below 600 px (the style sheet shows it
// only there; wider screens keep the top bar's links): Play (the lobby), Games (the game
// catalogue), Messages, Friends and Me (one's profile). Messages counts the unread
// notifications of direct messages, as the bell counts all of them.

import { el, setAttr, setText } from '../dom.js';
import { currentRoute, profilePath } from '../router.js';
import { icon } from './shared/icons.js';
import { t } from '../i18n.js';

/** Each tab: its id (its words are `tabbar.<id>`), icon, where it leads and the screens (router.js names) it holds. */
const TABS = [
  { id: 'play', href: () => '#/', screens: ['lobby', 'game', 'replay', 'history', 'leaderboard'] },
  { id: 'games', href: () => '#/catalogue', screens: ['catalogue', 'catalogue-game', 'my-games', 'following'] },
  { id: 'messages', href: () => '#/messages', screens: ['messages', 'conversation'] },
  { id: 'friends', href: () => '#/friends', screens: ['friends'] },
  { id: 'me', href: (me) => `#${profilePath(me)}`, screens: ['settings'] },
];

export function mountTabbar(root, { store }) {
  const tabs = TABS.map((shape) => {
    const tab = { ...shape, label: t(`tabbar.${shape.id}`) };
    const count = el('span', { class: 'tab-count', id: `tab-${tab.id}-count`, 'aria-hidden': 'true', hidden: true });
    const link = el('a', { class: 'tabbar-tab', id: `tab-${tab.id}`, dataset: { tab: tab.id } },
      el('span', { class: 'tab-icon' }, icon(tab.id, 22), count), el('span', { class: 'tab-label', text: tab.label }));
    return { ...tab, link, count };
  });
  root.replaceChildren(...tabs.map((tab) => tab.link));

  function current(me) {
    const route = currentRoute();
    if (route.name === 'profile') return route.id === me ? 'me' : null;
    return TABS.find((tab) => tab.screens.includes(route.name))?.id ?? null;
  }

  function render(state) {
    const me = state.session?.user.id;
    root.hidden = !me;
    // The page keeps room at its foot for the bar (the style sheet, below 600 px).
    document.body.classList.toggle('has-tabbar', Boolean(me));
    if (!me) return;
    const active = current(me);
    const unreadMessages = (state.notifications?.items ?? []).filter((n) => n.kind === 'message' && !n.read).length;
    for (const tab of tabs) {
      setAttr(tab.link, 'href', tab.href(me));
      setAttr(tab.link, 'aria-current', tab.id === active ? 'page' : null);
      const unread = tab.id === 'messages' ? unreadMessages : 0;
      setText(tab.count, unread ? String(unread) : '');
      tab.count.hidden = !unread;
      setAttr(tab.link, 'aria-label', unread ? t('common.unread', { name: tab.label, count: unread }) : null);
    }
  }

  window.addEventListener('hashchange', () => render(store.state));
  render(store.state);
  store.subscribe(render);
}
