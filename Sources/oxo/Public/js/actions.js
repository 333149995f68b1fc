// What the user intends, sent to the server. Every answer the server gives replaces
// what the page shows; nothing is assumed before the server has said it.

import { ApiError, OFFLINE } from './errors.js';
import { saveSession, clearSession } from './session.js';
import { learnVariants } from './variants.js';
import { isLanguage, language, switchLanguage } from './i18n.js';

export function createActions({ api, realtime, store }) {
  /** The one request for the server's catalogue of boards. */
  let variantsAsked = null;
  async function social(request) {
    const answer = await request;
    store.socialChanged();
    return answer;
  }

  function begin(grant) {
    const session = { token: grant.token, user: grant.user };
    saveSession(session);
    store.setSession(session);
    return session;
  }

  /** The account as the server now has it replaces the one the page shows. */
  function updateUser(user) {
    const session = { ...store.state.session, user };
    saveSession(session);
    store.setSession(session);
    return session;
  }

  async function setAvatar(file) {
    return updateUser(await api.setAvatar(file));
  }

  return {
    async signIn(login, password, secondFactor) {
      return begin(await api.signIn(login, password, secondFactor));
    },

    /** An account the server makes up, to play at once; the session is its only key. */
    async playAsGuest() {
      return begin(await api.playAsGuest(language()));
    },

    /**
     * Creates the account, then uploads its photo when one was chosen. The account exists
     * even when the photo is refused: that refusal is thrown with `accountCreated` set.
     */
    async register(fields, photo = null) {
      const session = begin(await api.register({ ...fields, language: language() }));
      if (!photo) return session;
      try {
        return await setAvatar(photo);
      } catch (failure) {
        failure.accountCreated = true;
        throw failure;
      }
    },

    updateUser,

    async rename(displayName) {
      return updateUser(await api.rename(displayName));
    },

    setAvatar,

    /**
     * Shows the page in `code` from now on (a reload): kept on this device and, signed in,
     * by the server as the account's language (its answer replaces the account shown). A
     * server that keeps no language (an account without one) may refuse it: this device's
     * choice then serves alone. Returns whether the page is reloading.
     */
    async setLanguage(code) {
      if (store.state.session) {
        try {
          updateUser(await api.setLanguage(code));
        } catch (failure) {
          if (isLanguage(store.state.session?.user?.language)) throw failure;
        }
      }
      return switchLanguage(code);
    },

    async removeAvatar() {
      return updateUser(await api.removeAvatar());
    },

    // Passwords and mailed links.
    changePassword: (current, next, secondFactor, endAccessTokens) =>
      api.changePassword(current, next, secondFactor, endAccessTokens),
    // Two-step sign-in (views/two-step.js).
    twoStep: () => api.twoStep(),
    startTwoStep: (password) => api.startTwoStep(password),
    confirmTwoStep: (code) => api.confirmTwoStep(code),
    stopTwoStep: (password, secondFactor) => api.stopTwoStep(password, secondFactor),
    regenerateRecoveryCodes: (secondFactor) => api.regenerateRecoveryCodes(secondFactor),
    requestPasswordReset: (email) => api.requestPasswordReset(email),
    mailEmailVerification: () => api.mailEmailVerification(),
    /** Every session ends with a reset, this page's too: it forgets its own. */
    async resetPassword(token, password) {
      await api.resetPassword(token, password);
      if (store.state.session) { realtime.stop(); clearSession(); store.setSession(null); }
    },
    /** Confirmed on any device; a page signed in shows it at once. */
    async verifyEmail(token) {
      await api.verifyEmail(token);
      if (store.state.session) updateUser(await api.me());
    },

    /** The guest registers: the same account, the same session, now with a name of its own. */
    async registerGuest(fields) {
      return updateUser(await api.registerGuest({ ...fields, language: language() }));
    },

    /** Ends the session on the server (when it can be reached) and on this page. */
    async signOut() {
      try {
        await api.signOut();
      } catch {
        // Already ended, or the server is away: the page forgets the token either way.
      }
      clearSession();
      store.setSession(null);
    },

    // Accounts people manage (issue 32). Deleting ends this session too: the caller
    // then signs the page out.
    sessions: () => api.sessions(),
    endSession: (id) => api.endSession(id),
    endOtherSessions: () => api.endOtherSessions(),
    exportAccount: () => api.exportAccount(),
    accessTokens: async () => (await api.accessTokens()).tokens,
    createAccessToken: (name, scopes, days) => api.createAccessToken(name, scopes, days),
    revokeAccessToken: (id) => api.revokeAccessToken(id),
    deleteAccount: (password, secondFactor) => api.deleteAccount(password, secondFactor),

    /** The session stored on this browser has been refused by the server. */
    forget() {
      clearSession();
      store.setSession(null);
    },

    async createGame(options) {
      return store.putMyGame(await api.createGame(options));
    },

    async join(id) {
      return store.putMyGame(await api.join(id));
    },

    /** A game by id or share code, fresh from the server. */
    async load(idOrCode) {
      return store.putGame(await api.game(idOrCode));
    },

    /**
     * Plays `cell` as the next move of `game` as the page shows it. Over the socket when
     * it is up; over REST otherwise, or when the socket drops on the way (a move with the
     * same number is applied once, so sending it again is safe).
     */
    async move(game, cell) {
      const number = game.moves.length + 1;
      let after;
      try {
        if (!realtime.connected) throw new ApiError(OFFLINE);
        after = await realtime.move(game.id, cell, number);
      } catch (error) {
        if (error.code !== OFFLINE) throw keepGame(error, store);
        try {
          after = await api.move(game.id, cell, number);
        } catch (restError) {
          throw keepGame(restError, store);
        }
      }
      return store.putGame(after);
    },

    /** Withdraws an open game of the user's own; it leaves every lobby. */
    async cancel(id) {
      return store.putGame(await api.cancel(id));
    },

    async resign(id) {
      return store.putGame(await api.resign(id));
    },

    async hint(id) {
      return api.hint(id);
    },

    async rematch(id) {
      return store.putGame(await api.rematch(id));
    },

    async claim(id) {
      return store.putGame(await api.claim(id));
    },

    async series(userId) {
      return api.series(userId);
    },

    /** A page of a player's finished games, the last to end first; `cursor` from the page before. */
    async finishedGames(userId, { cursor = null, limit = 10 } = {}) {
      return api.finishedGames(userId, { cursor, limit });
    },

    /** A finished game move by move, each move with the solver's verdict. */
    async replay(id) {
      return api.replay(id);
    },

    /** A finished game in the text notation, as plain text. */
    async notation(id) {
      return api.notation(id);
    },

    /** timeControl: a control of pace.js (casual when left out); variant: classic when left out */
    async challenge(opponent, side, timeControl, variant) {
      const challenge = await api.challenge(opponent, side, timeControl, variant);
      store.putChallenge(challenge);
      return challenge;
    },

    /** answer: "seen" | "accept" | "decline" | "cancel" */
    async answerChallenge(id, answer) {
      const challenge = await api.answerChallenge(id, answer);
      store.putChallenge(challenge);
      return challenge;
    },

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

    /** Every social change reloads what shows friends; the socket tells the other player. */
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

    /** Play random on a board at a pace: paired at once (the page goes to the game), or waiting. */
    async playRandom(timeControl, variant) {
      const status = await api.playRandom(timeControl, variant);
      if (status.state === 'matched') store.gameStarted(status.game);
      else store.setRandom({ state: status.state, since: status.since, variant: status.variant ?? variant });
      return status;
    },

    async leaveRandom() {
      store.setRandom(await api.leaveRandom());
    },

    /** by: "rating" | "weekly_wins"; players: "people" | "bots"; variant: whose ratings; a page of the board and the cursor of the next. */
    async leaderboard(by, cursor, limit, pace, players, variant) {
      return api.leaderboard(by, cursor, limit, pace, players, variant);
    },

    /**
     * The server's words for its boards (names, rules) replace the page's own, once; a
     * server without the catalogue leaves them as they are.
     */
    async loadVariants() {
      variantsAsked ??= api.variants().then(learnVariants, () => { variantsAsked = null; });
      return variantsAsked;
    },

    async profile(userId) {
      return api.profile(userId);
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

    async conversations() {
      return api.conversations();
    },

    /** The conversation with a player, started when there is none. */
    async openConversation(userId) {
      return api.openConversation(userId);
    },

    async markConversationRead(id, seq) {
      return api.markConversationRead(id, seq);
    },

    /** Posts `text`, a photo `file`, or both to a chat room; the photo is uploaded first. */
    async sendMessage(room, { text, file }) {
      const uploaded = file ? await api.uploadChatPhoto(file) : null;
      const message = await api.sendMessage(room, { text, photo: uploaded?.photo });
      store.putMessages(room, [message]);
      return message;
    },

    /** The page of a room's messages before the oldest this page holds. */
    async olderMessages(room) {
      const first = store.state.chat.get(room)?.messages[0];
      const page = await api.chatHistory(room, first?.seq);
      store.putMessages(room, page.messages, page.before !== undefined && page.before !== null);
    },

    /** One's own message stays, as "This message was deleted." */
    async deleteMessage(room, id) {
      store.putMessages(room, [await api.deleteMessage(id)]);
    },

    async reportMessage(id) {
      return api.reportMessage(id, null);
    },
  };
}

/** A refusal that carries the game as it stands (stale_state) updates the page too. */
function keepGame(error, store) {
  if (error?.game) store.putGame(error.game);
  return error;
}
