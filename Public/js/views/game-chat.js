// The chat beside a game: the players' room for its two players, the watchers' room for
// everyone (players included), as tabs when both are open to the viewer. Games against
// the computer and pass-and-play have none.

import { el, setAttr } from '../dom.js';
import { marksOf } from '../store.js';
import { chatPanel } from './chat-panel.js';

export function gameChat({ store, actions, realtime }) {
  const tabs = el('div', { class: 'chat-tabs', role: 'tablist', 'aria-label': 'Chat rooms' });
  const body = el('div', { class: 'chat-body' });
  const node = el('aside', { class: 'game-chat', id: 'game-chat', hidden: true, 'aria-label': 'Chat' },
    el('h2', { class: 'chat-title', text: 'Chat' }), tabs, body);
  /** The rooms shown, as "<game id> <player|watcher>", so they are built once per game and role. */
  let shown = null;
  let panels = [];

  function clear() {
    for (const panel of panels) panel.destroy();
    panels = [];
    tabs.replaceChildren();
    body.replaceChildren();
  }

  function select(index) {
    panels.forEach((panel, at) => {
      panel.node.hidden = at !== index;
      setAttr(tabs.children[at], 'aria-selected', at === index ? 'true' : 'false');
    });
  }

  function render(game, me) {
    const online = game?.mode === 'online';
    node.hidden = !online;
    if (!online) {
      if (shown) clear();
      shown = null;
      return;
    }
    const player = marksOf(game, me).length > 0;
    const key = `${game.id} ${player ? 'player' : 'watcher'}`;
    if (key === shown) return;
    clear();
    shown = key;
    const rooms = player
      ? [{ room: `players:${game.id}`, label: 'Players', id: 'chat-players' }, { room: `watchers:${game.id}`, label: 'Watchers', id: 'chat-watchers' }]
      : [{ room: `watchers:${game.id}`, label: 'Watchers', id: 'chat-watchers' }];
    rooms.forEach((room, index) => {
      const panel = chatPanel({ store, actions, realtime, ...room });
      panels.push(panel);
      body.append(panel.node);
      tabs.append(el('button', { type: 'button', role: 'tab', class: 'chat-tab', id: `${room.id}-tab`, text: room.label,
        on: { click: () => select(index) } }));
    });
    select(0);
  }

  return { node, render, destroy: clear };
}
