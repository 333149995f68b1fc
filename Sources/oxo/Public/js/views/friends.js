// The friends page (#/friends): ask someone by username, the requests received (Accept,
// Decline) and made (Cancel), and friends, online first with their open games to Join
// (kept live by the lobby's events) and a Challenge button; each player with their picture. A friend renamed since the user last looked shows
// "Sam (was Samuel)" once; the server is told it was seen. Friends' presence comes live
// on the user's own inbox topic; main.js reloads the rest when something says it changed.

import { el, replaceChildren, setText } from '../dom.js';
import { gamePath, navigate } from '../router.js';
import { openGamesOf } from '../store.js';
import { gameRow } from './game-list.js';
import { emptyRow } from './shared/rows.js';
import { socialActions } from './social-actions.js';
import { followList } from './follow-list.js';
import { attempt } from './shared/attempt.js';
import { openChallengeDialog } from './challenge-dialog.js';
import { avatarImage } from './shared/avatar.js';
import { has, t } from '../i18n.js';

/** A friend's status in words: in the lobby is simply "online" here. */
const statusText = (status) => {
  const key = status === 'lobby' ? 'presence.online' : `presence.${status}`;
  return has(key) ? t(key) : status;
};

export function friendsView({ store, actions }) {
  const me = store.state.session.user;
  const error = el('p', { class: 'form-error', role: 'alert', id: 'friends-error' });
  const username = el('input', { id: 'friend-username', name: 'username', autocomplete: 'off', autocapitalize: 'none',
    spellcheck: 'false', required: true });
  const form = el('form', { class: 'friend-form', id: 'friend-form', 'aria-label': t('friends.formLabel') },
    el('label', { for: 'friend-username', text: t('friends.add') }),
    el('span', { class: 'inline' }, username, el('button', { type: 'submit', class: 'primary', text: t('friends.send') })));
  const incoming = el('ul', { class: 'player-list', id: 'incoming-requests', 'aria-labelledby': 'incoming-title' });
  const outgoing = el('ul', { class: 'player-list', id: 'outgoing-requests', 'aria-labelledby': 'outgoing-title' });
  const friends = el('ul', { class: 'player-list', id: 'friend-list', 'aria-labelledby': 'friend-list-title' });
  const followers = followList({ store, actions, userId: me.id, which: 'followers', title: t('friends.yourFollowers') });
  const following = followList({ store, actions, userId: me.id, which: 'following', title: t('friends.youFollow') });
  const node = el('div', { class: 'friends-page' },
    el('h1', { text: t('topbar.friends') }),
    el('section', { class: 'card' }, form, error),
    el('section', { class: 'card' }, el('h2', { id: 'friend-list-title', text: t('friends.yours') }), friends),
    el('section', { class: 'card' }, el('h2', { id: 'incoming-title', text: t('friends.incoming') }), incoming),
    el('section', { class: 'card' }, el('h2', { id: 'outgoing-title', text: t('friends.outgoing') }), outgoing),
    el('section', { class: 'card follows' }, followers.node, following.node));
  /** Per friend row: its social buttons, kept while the row is. */
  const mounted = new Map();
  /**
   * Friends whose new name this visit showed and told the server it saw: friend id ->
   * { was, now }. The lists read after that have no old name, but this visit keeps
   * showing it; the next one does not.
   */
  const renamesTold = new Map();

  const run = (work) => attempt(work, { refusal: error });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = username.value.trim();
    if (!name) return;
    run(async () => {
      await actions.befriend(name);
      username.value = '';
    });
  });

  function small(text, label, work, extra = '') {
    const button = el('button', { type: 'button', class: `small ${extra}`.trim(), text, 'aria-label': label });
    button.addEventListener('click', () => attempt(work, { refusal: error, button }));
    return button;
  }

  function requestRow(link, received) {
    const name = link.player.display_name;
    const buttons = received
      ? [small(t('challenge.accept'), t('friends.acceptLabel', { name }), () => actions.acceptFriend(link.player.id), 'primary accept-friend'),
        small(t('challenge.decline'), t('friends.declineLabel', { name }), () => actions.removeFriend(link.player.id), 'decline-friend')]
      : [small(t('common.cancel'), t('friends.cancelLabel', { name }), () => actions.removeFriend(link.player.id), 'cancel-friend')];
    return el('li', { class: 'player-row', dataset: { user: link.player.id, username: link.player.username } },
      avatarImage(link.player, { size: 32 }), el('span', { class: 'player-name', text: name }), el('span', { class: 'muted', text: ` @${link.player.username}` }),
      el('span', { class: 'inline' }, buttons));
  }

  function social(userId) {
    if (!mounted.has(userId)) mounted.set(userId, socialActions({ store, actions, userId }));
    return mounted.get(userId).node;
  }

  function friendRow(friend, openGames) {
    const { player, status } = friend;
    const told = renamesTold.get(player.id);
    const was = friend.previous_display_name ?? (told?.now === player.display_name ? told.was : null);
    if (friend.previous_display_name && told?.now !== player.display_name) {
      renamesTold.set(player.id, { was, now: player.display_name });
      actions.friendNameSeen(player.id).catch(() => renamesTold.delete(player.id));
    }
    const online = status !== 'offline';
    const games = openGames.map((game) => gameRow(game, me.id, {
      label: t('game.join'), accessibleLabel: t('friends.joinLabel', { name: player.display_name, code: game.code }), primary: true,
      onClick: () => run(async () => navigate(gamePath((await actions.join(game.id)).id))),
    }));
    const challenge = online ? el('button', { type: 'button', class: 'small challenge-friend', text: t('online.challenge'),
      'aria-label': t('online.challengeLabel', { name: player.display_name }), 'aria-haspopup': 'dialog' }) : null;
    challenge?.addEventListener('click', () => openChallengeDialog({ actions, player, opener: challenge }));
    return el('li', { class: 'friend-row', dataset: { user: player.id, username: player.username, status } },
      el('div', { class: 'friend-head' },
        el('span', { class: `online-dot${online ? '' : ' off'}`, 'aria-hidden': 'true' }),
        avatarImage(player, { size: 32 }),
        el('span', { class: 'player-name' }, el('span', { text: player.display_name }),
          was ? el('span', { class: 'muted was-name', text: ` ${t('friends.was', { name: was })}` }) : null),
        el('span', { class: 'pill', text: statusText(status) }),
        challenge,
        small(t('friends.remove'), t('friends.removeLabel', { name: player.display_name }), () => actions.removeFriend(player.id), 'remove-friend')),
      games.length ? el('ul', { class: 'game-list friend-games' }, games) : null,
      social(player.id));
  }

  let shown = null;
  function render(state) {
    const list = state.friends;
    // A friend's open games follow the lobby's events, between two reads of the list.
    const games = new Map((list?.friends ?? []).map((f) => [f.player.id, openGamesOf(state, f.player.id)]));
    const key = JSON.stringify([list, [...games.values()].map((open) => open.map((game) => game.id))]);
    if (key === shown) return;
    shown = key;
    if (!list) {
      for (const target of [friends, incoming, outgoing]) replaceChildren(target, emptyRow(t('common.loading')));
      return;
    }
    replaceChildren(friends, list.friends.length ? list.friends.map((f) => friendRow(f, games.get(f.player.id)))
      : emptyRow(t('friends.none')));
    replaceChildren(incoming, list.incoming.length ? list.incoming.map((l) => requestRow(l, true)) : emptyRow(t('common.none')));
    replaceChildren(outgoing, list.outgoing.length ? list.outgoing.map((l) => requestRow(l, false)) : emptyRow(t('common.none')));
    const current = new Set(list.friends.map((f) => f.player.id));
    for (const [id, actionsNode] of mounted) {
      if (!current.has(id)) { actionsNode.destroy(); mounted.delete(id); }
    }
  }

  // main.js reloads the list whenever it may have changed; this page reads it afresh once.
  const unsubscribe = store.subscribe(render);
  actions.loadFriends().catch((failure) => setText(error, failure.message));
  render(store.state);
  return {
    node,
    destroy() {
      unsubscribe();
      followers.destroy();
      following.destroy();
      for (const actionsNode of mounted.values()) actionsNode.destroy();
    },
  };
}
