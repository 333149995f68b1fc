// The social actions (actions.js): notifications, friends, follows and blocks, players'
// profiles and the leaderboard, and the catalogue of video games players keep.

export function createSocialActions({ api, store }) {
  /** Every social change reloads what shows friends; the socket tells the other player. */
  async function social(request) {
    const answer = await request;
    store.socialChanged();
    return answer;
  }

  return {
    async loadNotifications() {
      store.setNotifications(await api.notifications());
    },

    async markRead(id) {
      await api.markRead(id);
    },

    async markAllRead() {
      await api.markAllRead();
    },

    /** The kinds of notification switched off. */
    async mutedNotifications() {
      return (await api.notificationSettings()).muted;
    },

    async setMutedNotifications(muted) {
      return (await api.setNotificationSettings(muted)).muted;
    },

    /** Friends and requests, and who is hidden from me: what the lobby and the friends page show. */
    async loadFriends() {
      const [friends, blocks] = await Promise.all([api.friends(), api.blocks()]);
      store.setFriends(friends);
      if ([...store.state.hidden].sort().join() !== [...blocks.hidden].sort().join()) store.setHidden(blocks.hidden);
      return friends;
    },

    async befriend(username) { return social(api.befriend(username)); },
    async acceptFriend(userId) { return social(api.acceptFriend(userId)); },
    async removeFriend(userId) { return social(api.removeFriend(userId)); },
    async follow(userId) { return social(api.follow(userId)); },
    async unfollow(userId) { return social(api.unfollow(userId)); },
    async block(userId) { return social(api.block(userId)); },
    async unblock(userId) { return social(api.unblock(userId)); },

    async friendNameSeen(userId) {
      return api.friendNameSeen(userId);
    },

    async relation(userId) {
      return api.relation(userId);
    },

    /** which: "followers" | "following"; a page of players and the cursor of the next. */
    async follows(userId, which, cursor) {
      return api.follows(userId, which, cursor);
    },

    async profile(userId) {
      return api.profile(userId);
    },

    /** by: "rating" | "weekly_wins"; players: "people" | "bots"; variant: whose ratings; a page of the board and the cursor of the next. */
    async leaderboard(by, cursor, limit, pace, players, variant) {
      return api.leaderboard(by, cursor, limit, pace, players, variant);
    },

    /** The catalogue of video games: an empty `text` lists the most played. */
    async searchCatalogue(text, cursor) {
      return api.searchCatalogue(text, cursor);
    },

    async catalogueGame(id) {
      return api.catalogueGame(id);
    },

    async cataloguePlayers(id, cursor) {
      return api.cataloguePlayers(id, cursor);
    },

    /** A player's video games, latest added first. */
    async catalogueGames(userId, cursor) {
      return api.catalogueGames(userId, cursor);
    },

    /** Adds the video game to my games (`mine` true) or removes it. */
    async keepInMyGames(id, mine) {
      return mine ? api.addToMyGames(id) : api.removeFromMyGames(id);
    },
  };
}
