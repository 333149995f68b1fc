// The account's actions (actions.js): signing in and out, registering, the profile's name,
// photo and language, passwords, two-step sign-in, sessions and access tokens.

import { saveSession, clearSession } from './session.js';
import { isLanguage, language, switchLanguage } from './i18n.js';

export function createAccountActions({ api, realtime, store }) {
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
  };
}
