// The chat beside a game: the players' room for its two players, the watchers' room for
// everyone (players included), as tabs when both are open to the viewer. A tab not shown
// counts the others' messages that came since it was last shown. Games against the
// computer and pass-and-play have none.
// On a phone (below 600 px) the chat is not under the board, a long scroll away: the
// `toggle` button beside the board opens it over the screen and counts what came while
// it was closed, in every room.

import { el, setAttr, setText } from '../dom.js';
import { marksOf } from '../store.js';
import { chatPanel } from './chat-panel.js';
import { icon } from './shared/icons.js';
import { t } from '../i18n.js';

const phone = window.matchMedia('(max-width: 599.98px)');

export function gameChat({ store, actions, realtime }) {
  const tabs = el('div', { class: 'chat-tabs', role: 'tablist', 'aria-label': t('chat.rooms') });
  const body = el('div', { class: 'chat-body' });
  const close = el('button', { type: 'button', class: 'small chat-close', id: 'game-chat-close', text: t('chat.close') });
  const node = el('aside', { class: 'game-chat', id: 'game-chat', hidden: true, 'aria-label': t('chat.title') },
    el('div', { class: 'chat-head' }, el('h2', { class: 'chat-title', text: t('chat.title') }), close), tabs, body);
  const toggleCount = el('span', { class: 'badge chat-unread', id: 'game-chat-toggle-unread', 'aria-hidden': 'true', hidden: true });
  const toggle = el('button', { type: 'button', class: 'small chat-toggle', id: 'game-chat-toggle', hidden: true,
    'aria-controls': 'game-chat', 'aria-expanded': 'false' }, icon('messages', 16), ' ', t('chat.title'), toggleCount);
  /** Opened by the toggle; a wider screen always shows the chat. */
  let open = false;
  const visible = () => open || !phone.matches;
  /** The rooms shown, as "<game id> <player|watcher>", so they are built once per game and role. */
  let shown = null;
  /** Per room shown: { room, label, panel, tab, count, readThrough } (readThrough: the last message seen in it). */
  let rooms = [];
  let selected = 0;

  function clear() {
    for (const { panel } of rooms) panel.destroy();
    rooms = [];
    tabs.replaceChildren();
    body.replaceChildren();
  }

  /** Counts, on each tab not shown, the others' messages since it was last shown; and on the toggle, all of them. */
  function renderUnread(me) {
    let total = 0;
    rooms.forEach((room, index) => {
      const messages = store.state.chat.get(room.room)?.messages;
      if (!messages) return;
      const last = messages.at(-1)?.seq ?? 0;
      // What the room held when it first came (its history) counts as seen.
      if ((index === selected && visible()) || room.readThrough === null) room.readThrough = last;
      const unread = messages.filter((m) => m.seq > room.readThrough && m.sender.id !== me && !m.deleted).length;
      total += unread;
      setText(room.count, unread ? String(unread) : '');
      room.count.hidden = !unread;
      setAttr(room.tab, 'aria-label', unread ? t('common.unread', { name: room.label, count: unread }) : null);
    });
    setText(toggleCount, total ? String(total) : '');
    toggleCount.hidden = !total;
    setAttr(toggle, 'aria-label', total ? t('common.unread', { name: t('chat.title'), count: total }) : null);
  }

  function setOpen(value) {
    open = value;
    node.classList.toggle('is-open', open);
    setAttr(toggle, 'aria-expanded', String(open));
    renderUnread(store.state.session?.user.id);
  }
  toggle.addEventListener('click', () => setOpen(!open));
  close.addEventListener('click', () => {
    setOpen(false);
    toggle.focus();
  });
  const screenChanged = () => renderUnread(store.state.session?.user.id);
  phone.addEventListener('change', screenChanged);
  // The open chat covers the foot of a phone's screen: the keyboard moving on to something
  // it covers (tabbing past its last control) closes it, so the focus is never hidden (WCAG 2.4.11).
  function closeOverFocus(event) {
    if (!open || !phone.matches || !(event.target instanceof Element) || node.contains(event.target)) return;
    const box = event.target.getBoundingClientRect();
    const cover = node.getBoundingClientRect();
    if (box.bottom > cover.top && box.top < cover.bottom) setOpen(false);
  }
  document.addEventListener('focusin', closeOverFocus);

  function select(index) {
    selected = index;
    rooms.forEach(({ panel, tab }, at) => {
      panel.node.hidden = at !== index;
      setAttr(tab, 'aria-selected', at === index ? 'true' : 'false');
    });
    renderUnread(store.state.session?.user.id);
  }

  function render(game, me) {
    const online = game?.mode === 'online';
    node.hidden = !online;
    toggle.hidden = !online;
    if (!online) {
      if (shown) clear();
      shown = null;
      return;
    }
    const player = marksOf(game, me).length > 0;
    const key = `${game.id} ${player ? 'player' : 'watcher'}`;
    if (key === shown) return renderUnread(me);
    clear();
    shown = key;
    const open = player
      ? [{ room: `players:${game.id}`, label: t('chat.players'), id: 'chat-players' },
        { room: `watchers:${game.id}`, label: t('chat.watchers'), id: 'chat-watchers' }]
      : [{ room: `watchers:${game.id}`, label: t('chat.watchers'), id: 'chat-watchers' }];
    rooms = open.map((room, index) => {
      const panel = chatPanel({ store, actions, realtime, ...room });
      const count = el('span', { class: 'badge chat-unread', id: `${room.id}-unread`, 'aria-hidden': 'true', hidden: true });
      const tab = el('button', { type: 'button', role: 'tab', class: 'chat-tab', id: `${room.id}-tab`,
        on: { click: () => select(index) } }, room.label, count);
      body.append(panel.node);
      tabs.append(tab);
      return { ...room, panel, tab, count, readThrough: null };
    });
    select(0);
  }

  return {
    node,
    toggle,
    render,
    destroy() {
      clear();
      phone.removeEventListener('change', screenChanged);
      document.removeEventListener('focusin', closeOverFocus);
    },
  };
}
