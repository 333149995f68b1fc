// The bell in the top bar: how many notifications are unread, and a panel that lists
// them, marks one read when it is opened, or all at once. The bell opens and closes the
// panel, which opens below it and never over it; a click elsewhere closes it too. Its button to allow system
// notifications is the only place the browser's permission is asked. Each entry says how
// long ago it came ("yesterday"), its full date shown on hover and while it has the focus.

import { el, replaceChildren, setAttr, setText } from '../dom.js';
import { navigate } from '../router.js';
import { describeNotification } from './shared/notification-text.js';
import { emptyRow, pendingRow } from './shared/rows.js';
import { refreshTimesAgo, timeAgo } from './shared/time-ago.js';
import { notificationSettings } from './notification-settings.js';
import { icon } from './shared/icons.js';
import { t } from '../i18n.js';

export function mountBell(root, { store, actions, system, push }) {
  const count = el('span', { class: 'bell-count', id: 'bell-count', 'aria-hidden': 'true' });
  const button = el('button', { type: 'button', class: 'icon-button bell', id: 'bell', 'aria-haspopup': 'true',
    'aria-expanded': 'false', 'aria-controls': 'notification-panel' }, icon('bell'), count);
  const list = el('ul', { class: 'notification-list', id: 'notification-list', 'aria-label': t('bell.title') });
  const allRead = el('button', { type: 'button', class: 'small', id: 'mark-all-read', text: t('bell.markAllRead') });
  const allow = el('button', { type: 'button', class: 'small', id: 'allow-system-notifications',
    text: t('bell.allow') });
  const settings = notificationSettings({ actions, push });
  const panel = el('div', { class: 'notification-panel card', id: 'notification-panel', hidden: true },
    el('div', { class: 'notification-head' }, el('h2', { text: t('bell.title') }), allRead),
    list, allow, settings.node);
  root.replaceChildren(button, panel);
  let shown = null;
  /** While the panel is open, "now" becomes "5 minutes ago" as the minutes pass. */
  let ageing = null;

  function toggle(open = panel.hidden) {
    // On a phone the panel spans the screen: it starts below the bell, wherever the top bar put it.
    panel.style.setProperty('--below-bell', `${Math.round(button.getBoundingClientRect().bottom) + 6}px`);
    panel.hidden = !open;
    setAttr(button, 'aria-expanded', String(open));
    clearInterval(ageing);
    ageing = open ? setInterval(() => refreshTimesAgo(list), 30_000) : null;
    if (open) refreshTimesAgo(list);
    if (open && !store.state.notifications) actions.loadNotifications().catch(() => {});
  }

  function open(notification) {
    if (!notification.read) actions.markRead(notification.id).catch(() => {});
    const { path } = describeNotification(notification);
    toggle(false);
    if (path) navigate(path);
  }

  /** The challenge a notification tells of, as the page holds it (its board is named). */
  const challengeOf = (notification, state) => (notification.challenge ? state.challenges.get(notification.challenge) ?? null : null);

  function row(notification, state) {
    const { text } = describeNotification(notification, challengeOf(notification, state));
    // The time is inside the button, so that it is part of what the focus reaches and reads.
    const item = el('button', { type: 'button', class: 'notification-text' },
      el('span', { class: 'notification-words', text }), timeAgo(notification.created_at, { class: 'muted' }));
    item.addEventListener('click', () => open(notification));
    return el('li', { class: `notification${notification.read ? '' : ' unread'}`,
      dataset: { notification: notification.id, kind: notification.kind, read: String(notification.read) } }, item);
  }

  function render(state) {
    const inbox = state.notifications;
    const unread = inbox?.unread ?? 0;
    setText(count, unread ? String(unread) : '');
    count.hidden = !unread;
    setAttr(button, 'aria-label', unread ? t('common.unread', { name: t('bell.title'), count: unread }) : t('bell.title'));
    allRead.disabled = !unread;
    allow.hidden = system.permission !== 'default';
    const boards = inbox?.items.map((notification) => challengeOf(notification, state)?.variant ?? null);
    const key = JSON.stringify([inbox ?? state.connection.state, boards]);
    if (key === shown) return;
    shown = key;
    if (!inbox) replaceChildren(list, pendingRow(state.connection));
    else replaceChildren(list, inbox.items.length ? inbox.items.map((notification) => row(notification, state)) : emptyRow(t('bell.nothingNew')));
  }

  button.addEventListener('click', () => toggle());
  allRead.addEventListener('click', () => actions.markAllRead().catch(() => {}));
  allow.addEventListener('click', async () => {
    await system.ask();
    render(store.state);
  });
  // A click or tap anywhere else closes the panel; the bell itself toggles it.
  document.addEventListener('click', (event) => {
    if (!panel.hidden && !root.contains(event.target)) toggle(false);
  });
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      toggle(false);
      button.focus();
    }
  });
  root.hidden = !store.state.session;
  render(store.state);
  store.subscribe((state) => {
    root.hidden = !state.session;
    render(state);
  });
}
