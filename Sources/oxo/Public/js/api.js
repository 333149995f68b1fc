// The REST API (described by /openapi.json). Every call returns the decoded JSON body
// or throws an ApiError carrying the server's stable code, worded from the catalogue.

import { ApiError, NETWORK_ERROR, SEND_AGAIN } from './errors.js';
import { operations } from './paths.js';

/**
 * The body of a registration; a display name left out keeps the one there is. `language`,
 * the one the page is shown in, is kept as the account's (its mail and pushes are in it).
 */
function registration({ username, email, password, displayName, language }) {
  const body = { username, email, password };
  if (displayName) body.display_name = displayName;
  if (language) body.language = language;
  return body;
}

/**
 * The address of operation `id` (paths.js, written from the server's table of operations):
 * its path with `values` in its {parameters}, in order and escaped, and `query` (an object;
 * members left undefined are left out) after it.
 */
function address(id, values = [], query = {}) {
  let next = 0;
  const path = operations[id].path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[next++]));
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A fresh key for one request and its tries: 16 random bytes in hex (`crypto.randomUUID`
 * is missing from pages not served over https or from localhost).
 */
function requestKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The operation each answer to a challenge is. */
const challengeAnswers = { seen: 'markChallengeSeen', accept: 'acceptChallenge', decline: 'declineChallenge', cancel: 'cancelChallenge' };

/**
 * @param {() => string | null} getToken the bearer token of the session, if any
 * @param {() => void} onUnauthorized called when the server no longer knows the token
 */
export function createApi({ getToken, onUnauthorized = () => {}, base = '' }) {
  /**
   * Calls operation `id` with `values` in its path. `body` is sent as JSON, except a File
   * or Blob, which is sent as it is (a photo). `text`: the answer is plain text (errors are
   * still JSON).
   */
  async function call(id, values, options = {}) {
    // A server whose database fails over (SEND_AGAIN) is sent the same again, after 0.25 s,
    // doubling to 2 s, about 40 s in all. Every try of a POST carries one Idempotency-Key,
    // so a server that stored the first try of a game or a message answers the next with it.
    const key = operations[id].method === 'POST' ? requestKey() : undefined;
    for (let retries = 0; ; retries += 1) {
      try {
        return await callOnce(id, values, { ...options, key });
      } catch (error) {
        if (!SEND_AGAIN.includes(error.code) || retries >= 24) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** Math.min(retries, 3), 2000)));
      }
    }
  }

  async function callOnce(id, values, { body, query, text = false, key } = {}) {
    const method = operations[id].method;
    const path = address(id, values, query);
    const headers = { Accept: text ? 'text/plain' : 'application/json' };
    if (key) headers['Idempotency-Key'] = key;
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const init = { method, headers, cache: 'no-store' };
    if (body instanceof Blob) {
      headers['Content-Type'] = body.type || 'application/octet-stream';
      init.body = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(base + path, init);
    } catch {
      throw new ApiError(NETWORK_ERROR);
    }
    if (response.status === 204) return null;
    if (text && response.ok) return response.text();
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (!response.ok) {
      const error = data?.error;
      const failure = new ApiError(error?.code ?? `http_${response.status}`,
        { status: response.status, game: error?.game ?? null, serverMessage: error?.message ?? null });
      if (response.status === 401 && token && failure.code === 'unauthorized') onUnauthorized();
      throw failure;
    }
    return data;
  }

  /** A room's operation and values: "players:<game>" and "watchers:<game>" under the game, "conversation:<id>" on its own. */
  const room = (name, inGame, inConversation) => {
    const [kind, id] = name.split(':');
    return kind === 'conversation' ? [inConversation, [id]] : [inGame, [id, kind]];
  };
  return {
    health: () => call('health'),
    /** The 50 messages before message number `before` (the newest without it), oldest first. */
    chatHistory: (name, before) => call(...room(name, 'gameChatHistory', 'conversationHistory'), { query: { before } }),
    /** `text`, `photo` (the key an upload answered with), or both. */
    sendMessage: (name, { text, photo }) =>
      call(...room(name, 'sendGameChatMessage', 'sendDirectMessage'), { body: { text: text || undefined, photo: photo || undefined } }),
    deleteMessage: (id) => call('deleteMessage', [id]),
    reportMessage: (id, reason) => call('reportMessage', [id], { body: { reason } }),
    uploadChatPhoto: (file) => call('uploadChatPhoto', [], { body: file }),
    conversations: () => call('listConversations'),
    /** Opens the conversation with the player, or finds the one there is. */
    openConversation: (userId) => call('openConversation', [userId]),
    markConversationRead: (id, seq) => call('markConversationRead', [id], { body: { seq } }),
    register: (fields) => call('register', [], { body: registration(fields) }),
    /** A guest keeps the account, and its games, under a username of its own. */
    registerGuest: (fields) => call('registerGuest', [], { body: registration(fields) }),
    /** secondFactor: `{ totp }` or `{ recovery_code }` for an account with two-step sign-in on. */
    signIn: (login, password, secondFactor = {}) => call('signIn', [], { body: { login, password, ...secondFactor } }),
    /** `language`: the one the page is shown in, kept as the new account's. */
    playAsGuest: (language) => call('playAsGuest', [], { body: language ? { language } : {} }),
    signOut: () => call('signOut'),
    // Accounts people manage: sessions, export, deletion.
    sessions: () => call('listSessions'),
    endSession: (id) => call('revokeSession', [id]),
    endOtherSessions: () => call('endOtherSessions', [], { query: { except: 'current' } }),
    exportAccount: () => call('exportAccount'),
    // Personal access tokens: a program's key to the account, within its scopes.
    accessTokens: () => call('listAccessTokens'),
    /** scopes: some of "read", "play", "challenge", "bot"; the answer's `token` is shown once. */
    createAccessToken: (name, scopes, days) =>
      call('createAccessToken', [], { body: { name, scopes, expires_in_days: days } }),
    revokeAccessToken: (id) => call('revokeAccessToken', [id]),
    /** A guest has no password and sends none. */
    deleteAccount: (password, secondFactor = {}) =>
      call('deleteAccount', [], { body: password ? { password, ...secondFactor } : undefined }),
    me: () => call('getMe'),
    rename: (displayName) => call('updateMe', [], { body: { display_name: displayName } }),
    /** The language the account is told things in (mail, pushes) and the page shows: "en" | "es" | "fr". */
    setLanguage: (language) => call('updateMe', [], { body: { language } }),
    /** The server tells the image's format from its bytes; the file's type is only sent along. */
    setAvatar: (file) => call('setAvatar', [], { body: file }),
    removeAvatar: () => call('removeAvatar'),
    // Passwords and mailed links; a link's token goes in the body, never the address.
    /** endAccessTokens: the account's personal access tokens end too. */
    changePassword: (current, next, secondFactor = {}, endAccessTokens = false) =>
      call('changePassword', [], { body: { current_password: current, new_password: next, ...secondFactor,
        ...(endAccessTokens ? { end_access_tokens: true } : {}) } }),
    // Two-step sign-in (TOTP): turning it on takes the password, then a code from the app.
    twoStep: () => call('getTwoStep'),
    startTwoStep: (password) => call('startTwoStep', [], { body: { password } }),
    confirmTwoStep: (code) => call('confirmTwoStep', [], { body: { totp: code } }),
    stopTwoStep: (password, secondFactor) => call('stopTwoStep', [], { body: { password, ...secondFactor } }),
    regenerateRecoveryCodes: (secondFactor) => call('regenerateRecoveryCodes', [], { body: secondFactor }),
    requestPasswordReset: (email) => call('requestPasswordReset', [], { body: { email } }),
    resetPassword: (token, password) => call('resetPassword', [], { body: { token, password } }),
    verifyEmail: (token) => call('verifyEmail', [], { body: { token } }),
    mailEmailVerification: () => call('mailEmailVerification'),
    /**
     * side: "X" | "O"; mode: "online" | "computer" | "pass_and_play"; timeControl: see pace.js;
     * variant: "classic" | "four" | "gomoku" | "ultimate" (variants.js), sent unless classic, the server's default
     */
    createGame: ({ side, mode = 'online', listed, level, timeControl, variant }) => {
      const body = { side, mode };
      if (listed !== undefined) body.listed = listed;
      if (mode === 'computer') body.level = level;
      if (mode === 'online' && timeControl) body.time_control = timeControl;
      if (variant && variant !== 'classic') body.variant = variant;
      return call('createGame', [], { body });
    },
    /** The boards the server plays: [{ variant, name, width, height, line_length, rules }] */
    variants: () => call('listVariants'),
    /** A game by its id or its six-character share code. */
    game: (idOrCode) => call('getGame', [idOrCode]),
    join: (id) => call('joinGame', [id]),
    move: (id, cell, moveNumber) => call('playMove', [id], { body: { cell, move_number: moveNumber } }),
    cancel: (id) => call('cancelGame', [id]),
    resign: (id) => call('resignGame', [id]),
    hint: (id) => call('getHint', [id]),
    myGames: () => call('listMyGames', [], { query: { limit: 50 } }),
    rematch: (id) => call('offerRematch', [id]),
    claim: (id) => call('claimWin', [id]),
    series: (userId) => call('series', [userId]),
    finishedGames: (userId, { cursor, limit }) => call('listFinishedGames', [userId], { query: { limit, cursor } }),
    replay: (id) => call('getReplay', [id]),
    notation: (id) => call('getNotation', [id], { text: true }),
    profile: (userId) => call('profile', [userId]),
    /**
     * by: "rating" | "weekly_wins"; cursor: the `next_cursor` of the page before; pace: "real_time" | "correspondence";
     * players: "people" | "bots"; variant: a board's ratings, classic's (the server's default) when left out
     */
    leaderboard: (by, cursor, limit = 20, pace = 'real_time', players = 'people', variant = 'classic') =>
      call('leaderboard', [], { query: { by, limit, pace, players, variant: variant === 'classic' ? undefined : variant, cursor } }),
    /** side: "X" | "O", the challenger's; variant as createGame's */
    challenge: (opponent, side, timeControl, variant) => call('createChallenge', [], {
      body: variant && variant !== 'classic' ? { opponent, side, time_control: timeControl, variant } : { opponent, side, time_control: timeControl },
    }),
    /** answer: "seen" | "accept" | "decline" | "cancel" */
    answerChallenge: (id, answer) => call(challengeAnswers[answer], [id]),
    /**
     * A casual classic pairing sends no body (every server takes that); a clocked one names its
     * control, and another board than classic its variant: each variant and pace has its queue.
     */
    playRandom: (timeControl, variant = 'classic') => {
      const body = {};
      if (timeControl && timeControl.kind !== 'casual') body.time_control = timeControl;
      if (variant !== 'classic') body.variant = variant;
      return call('playRandom', [], { body: Object.keys(body).length ? body : undefined });
    },
    leaveRandom: () => call('leaveMatchmaking'),
    friends: () => call('listFriends'),
    befriend: (username) => call('requestFriendship', [], { body: { username } }),
    acceptFriend: (userId) => call('acceptFriendship', [userId]),
    /** Ends a friendship, withdraws a request made, or declines one received. */
    removeFriend: (userId) => call('removeFriendship', [userId]),
    /** The friend's new display name was shown: "(was …)" is not shown again. */
    friendNameSeen: (userId) => call('markFriendNameSeen', [userId]),
    relation: (userId) => call('getRelation', [userId]),
    follow: (userId) => call('follow', [userId]),
    unfollow: (userId) => call('unfollow', [userId]),
    /** which: "followers" | "following" */
    follows: (userId, which, cursor) =>
      call(which === 'followers' ? 'listFollowers' : 'listFollowing', [userId], { query: { limit: 20, cursor } }),
    blocks: () => call('listBlocks'),
    block: (userId) => call('block', [userId]),
    unblock: (userId) => call('unblock', [userId]),
    notifications: () => call('listNotifications', [], { query: { limit: 30 } }),
    markRead: (id) => call('markNotificationRead', [id]),
    markAllRead: () => call('markAllNotificationsRead'),
    notificationSettings: () => call('getNotificationSettings'),
    /** muted: the kinds switched off */
    setNotificationSettings: (muted) => call('setNotificationSettings', [], { body: { muted } }),
    /** The catalogue of video games: an empty `text` lists the most played. */
    searchCatalogue: (text, cursor) => call('searchCatalogue', [], { query: { q: text, limit: 20, cursor } }),
    catalogueGame: (id) => call('getCatalogueGame', [id]),
    cataloguePlayers: (id, cursor) => call('listCataloguePlayers', [id], { query: { limit: 20, cursor } }),
    addToMyGames: (id) => call('addToMyGames', [id]),
    removeFromMyGames: (id) => call('removeFromMyGames', [id]),
    /** A player's video games, latest added first. */
    catalogueGames: (userId, cursor) => call('listPlayersCatalogueGames', [userId], { query: { limit: 20, cursor } }),
    // Tournaments: arenas and Swiss events (issue 54).
    /** fields: CreateTournamentRequest's, written as the API takes them (see actions-tournaments.js) */
    createTournament: (body) => call('createTournament', [], { body }),
    /** state: "upcoming" | "running" | "finished" */
    tournaments: (state) => call('tournaments', [], { query: { state } }),
    /** code: a private tournament's, for one who is neither its creator nor invited */
    tournament: (id, code) => call('tournament', [id], { query: { code } }),
    joinTournament: (id, code) => call('joinTournament', [id], { body: code ? { code } : {} }),
    leaveTournament: (id) => call('leaveTournament', [id]),
    inviteToTournament: (id, players) => call('inviteToTournament', [id], { body: { players } }),
    cancelTournament: (id) => call('cancelTournament', [id]),
    /** The finished tournaments a player played: place, points, trophy. */
    playerTournaments: (userId) => call('playerTournaments', [userId]),
    // Web Push (push-device.js): the server's key, and this device's subscription.
    pushKey: () => call('getPushKey'),
    /** subscription: what PushSubscription.toJSON() gives ({ endpoint, keys: { p256dh, auth } }) */
    addPushSubscription: ({ endpoint, keys }) => call('subscribeToPushes', [], { body: { endpoint, keys } }),
    removePushSubscription: (id) => call('unsubscribeFromPushes', [id]),
  };
}
