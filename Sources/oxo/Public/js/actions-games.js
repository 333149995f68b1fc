// The games' actions (actions.js): making, joining and playing games, challenges and Play
// random that start them, and finished games read back (history, replay, notation).

import { ApiError, OFFLINE, SEND_AGAIN } from './errors.js';
import { learnVariants } from './variants.js';

export function createGameActions({ api, realtime, store }) {
  /** The one request for the server's catalogue of boards. */
  let variantsAsked = null;

  /** A refusal that carries the game as it stands (stale_state) updates the page too. */
  function keepGame(error) {
    if (error?.game) store.putGame(error.game);
    return error;
  }

  return {
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
        // Offline, or the server's database failing over: REST sends it again until it is stored.
        if (![OFFLINE, ...SEND_AGAIN].includes(error.code)) throw keepGame(error);
        try {
          after = await api.move(game.id, cell, number);
        } catch (restError) {
          throw keepGame(restError);
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

    /**
     * The server's words for its boards (names, rules) replace the page's own, once; a
     * server without the catalogue leaves them as they are.
     */
    async loadVariants() {
      variantsAsked ??= api.variants().then(learnVariants, () => { variantsAsked = null; });
      return variantsAsked;
    },
  };
}
