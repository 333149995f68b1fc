// The store's people (store.js): who is online, my friends and their presence, who is
// hidden from me by a block, and my notifications.

import { isMyTurn, marksOf, seatOf } from './store-games.js';

/** Notifications that mean the friends list (or a relation) changed. */
const SOCIAL_KINDS = new Set(['friend_request', 'friend_accepted', 'friend_renamed', 'new_follower']);

/** What changes the store's people and notifications; `changed` tells its subscribers. */
export function createSocialUpdates(state, changed) {
  return {
    notificationAdded(notification) {
      if (state.notifications) {
        const items = [notification, ...state.notifications.items.filter((n) => n.id !== notification.id)];
        state.notifications = { items, unread: state.notifications.unread + (notification.read ? 0 : 1) };
      }
      if (SOCIAL_KINDS.has(notification.kind)) state.socialChanges += 1;
      changed();
    },
    notificationsRead(read) {
      if (state.notifications) {
        const items = state.notifications.items.map((n) => (!read.notification || n.id === read.notification ? { ...n, read: true } : n));
        state.notifications = { items, unread: read.unread };
      }
      changed();
    },
    /**
     * The server lists "your turn" from the games, not as stored notifications: an entry
     * (its id the game's) comes with the `your_turn` event and goes when the game shows it
     * is no longer my move, as the server's next page would say.
     */
    turnHeard(game) {
      const me = state.session?.user.id;
      const mine = marksOf(game, me);
      const actor = seatOf(game, mine.includes('X') ? 'O' : 'X')?.player;
      if (!state.notifications || !actor || actor.id === me || state.hidden.has(actor.id)) return;
      const before = state.notifications.items.find((n) => n.id === game.id);
      const entry = { id: game.id, kind: 'your_turn', actor, game: game.id, read: false, created_at: new Date().toISOString() };
      const items = [entry, ...state.notifications.items.filter((n) => n.id !== game.id)];
      state.notifications = { items, unread: state.notifications.unread + (before && !before.read ? 0 : 1) };
      changed();
    },
    turnMayHaveEnded(game) {
      const entry = state.notifications?.items.find((n) => n.id === game.id && n.kind === 'your_turn');
      if (!entry || isMyTurn(game, state.session?.user.id)) return;
      const items = state.notifications.items.filter((n) => n !== entry);
      state.notifications = { items, unread: state.notifications.unread - (entry.read ? 0 : 1) };
      changed();
    },
    /** A page of notifications from REST. */
    setNotifications(page) {
      state.notifications = { items: page.notifications ?? [], unread: page.unread ?? 0 };
      changed();
    },
    /** A friend's presence, heard on my own inbox. */
    friendPresence(entry) {
      if (!state.friends || !entry) return;
      const friends = state.friends.friends.map((f) => (f.player.id === entry.player.id ? { ...f, status: entry.status } : f));
      state.friends = { ...state.friends, friends };
      changed();
    },
    presenceChanged(entry) {
      if (!entry || !state.online) return;
      const online = new Map(state.online);
      if (entry.status === 'offline') online.delete(entry.player.id);
      else online.set(entry.player.id, entry);
      state.online = online;
      changed();
    },
    presenceSnapshot(snapshot) {
      state.online = new Map((snapshot.online ?? []).map((entry) => [entry.player.id, entry]));
    },
    setFriends(list) {
      state.friends = list;
      changed();
    },
    setHidden(ids) {
      state.hidden = new Set(ids);
      state.socialChanges += 1;
      changed();
    },
    /** Something this page did changed friends, follows or blocks. */
    socialChanged() {
      state.socialChanges += 1;
      changed();
    },
  };
}
