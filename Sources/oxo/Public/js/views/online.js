// "Who is online": everyone with a client connected, what they are doing, and a way to
// challenge each of them (the challenge dialog asks the side and the pace). Fed by the
// `presence` topic.

import { el, replaceChildren } from '../dom.js';
import { emptyRow, pendingRow } from './shared/rows.js';
import { avatarImage } from './shared/avatar.js';
import { playerLink } from './shared/player-link.js';
import { openChallengeDialog } from './challenge-dialog.js';
import { has, t } from '../i18n.js';

/** What a player online is doing, in words: "in the lobby", "playing"… */
const statusText = (status) => (has(`presence.${status}`) ? t(`presence.${status}`) : status);

export function onlineView({ store, actions }) {
  const list = el('ul', { class: 'online-list', id: 'online-players', 'aria-labelledby': 'online-title' });
  const node = el('section', { class: 'card' }, el('h2', { id: 'online-title', text: t('online.title') }), list);
  let shown = null;

  function row(entry, me, waiting) {
    const { player, status } = entry;
    const you = player.id === me;
    let action = null;
    if (!you) {
      const button = el('button', { type: 'button', class: 'small', text: t('online.challenge'), disabled: waiting.has(player.id),
        'aria-label': t('online.challengeLabel', { name: player.display_name }), 'aria-haspopup': 'dialog' });
      button.addEventListener('click', () => openChallengeDialog({ actions, player, opener: button }));
      action = button;
    }
    return el('li', { class: 'online-row', dataset: { user: player.id, username: player.username, status } },
      el('span', { class: 'online-dot', 'aria-hidden': 'true' }),
      avatarImage(player, { size: 32 }),
      el('span', { class: 'online-name' }, playerLink(player),
        you ? el('span', { class: 'tag', text: t('common.youTag') }) : null),
      el('span', { class: 'pill', text: statusText(status) }),
      action);
  }

  function render(state) {
    const me = state.session?.user.id;
    if (!me) return;
    const waiting = new Set([...state.challenges.values()].filter((c) => c.state === 'pending')
      .map((c) => (c.challenger.id === me ? c.opponent.id : c.challenger.id)));
    const entries = state.online === null ? null : [...state.online.values()].filter((e) => !state.hidden.has(e.player.id))
      .sort((a, b) => (a.player.id === me ? -1 : b.player.id === me ? 1 : a.player.username.localeCompare(b.player.username)));
    const key = JSON.stringify([entries, [...waiting], entries === null && state.connection.state]);
    if (key === shown) return;
    shown = key;
    if (entries === null) replaceChildren(list, pendingRow(state.connection));
    else if (entries.length <= 1) replaceChildren(list, entries.map((e) => row(e, me, waiting)), emptyRow(t('online.nobody')));
    else replaceChildren(list, entries.map((e) => row(e, me, waiting)));
  }

  render(store.state);
  const unsubscribe = store.subscribe(render);
  return { node, destroy: unsubscribe };
}
