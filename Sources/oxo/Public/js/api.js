// The REST API (described by /openapi.json). Every call returns the decoded JSON body
// or throws an ApiError carrying the server's stable code and its sentence for people.

import { ApiError, NETWORK_ERROR } from './errors.js';

/**
 * @param {() => string | null} getToken the bearer token of the session, if any
 * @param {() => void} onUnauthorized called when the server no longer knows the token
 */
/** The body of a registration; a display name left out keeps the one there is. */
function registration({ username, email, password, displayName }) {
  return displayName ? { username, email, password, display_name: displayName } : { username, email, password };
}

export function createApi({ getToken, onUnauthorized = () => {}, base = '' }) {
  /**
   * `body` is sent as JSON, except a File or Blob, which is sent as it is (a photo).
   * `text`: the answer is plain text (errors are still JSON).
   */
  async function call(method, path, body, { text = false } = {}) {
    const headers = { Accept: text ? 'text/plain' : 'application/json' };
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
      throw new ApiError(NETWORK_ERROR, 'Cannot reach the server. Check the connection and try again.');
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
        error?.message ?? `The server answered ${response.status}.`,
        { status: response.status, game: error?.game ?? null });
      if (response.status === 401 && token && failure.code === 'unauthorized') onUnauthorized();
      throw failure;
    }
    return data;
  }

  const game = (id) => `/v1/games/${encodeURIComponent(id)}`;
  const friend = (id) => `/v1/me/friends/${encodeURIComponent(id)}`;
  const user = (id) => `/v1/users/${encodeURIComponent(id)}`;
  const message = (id) => `/v1/messages/${encodeURIComponent(id)}`;
  /** A room's messages: "players:<game>" and "watchers:<game>" under the game, "conversation:<id>" on its own. */
  const messages = (room) => {
    const [kind, id] = room.split(':');
    return kind === 'conversation' ? `/v1/conversations/${encodeURIComponent(id)}/messages` : `${game(id)}/chat/${kind}/messages`;
  };
  return {
    health: () => call('GET', '/health'),
    /** The 50 messages before message number `before` (the newest without it), oldest first. */
    chatHistory: (room, before) => call('GET', `${messages(room)}${before ? `?before=${before}` : ''}`),
    /** `text`, `photo` (the key an upload answered with), or both. */
    sendMessage: (room, { text, photo }) => call('POST', messages(room), { text: text || undefined, photo: photo || undefined }),
    deleteMessage: (id) => call('DELETE', message(id)),
    reportMessage: (id, reason) => call('POST', `${message(id)}/report`, { reason }),
    uploadChatPhoto: (file) => call('POST', '/v1/chat/photos', file),
    conversations: () => call('GET', '/v1/me/conversations'),
    /** Opens the conversation with the player, or finds the one there is. */
    openConversation: (userId) => call('POST', `${user(userId)}/conversation`),
    markConversationRead: (id, seq) => call('POST', `/v1/conversations/${encodeURIComponent(id)}/read`, { seq }),
    register: (fields) => call('POST', '/v1/accounts', registration(fields)),
    /** A guest keeps the account, and its games, under a username of its own. */
    registerGuest: (fields) => call('POST', '/v1/me/registration', registration(fields)),
    /** secondFactor: `{ totp }` or `{ recovery_code }` for an account with two-step sign-in on. */
    signIn: (login, password, secondFactor = {}) => call('POST', '/v1/sessions', { login, password, ...secondFactor }),
    playAsGuest: () => call('POST', '/v1/guests', {}),
    signOut: () => call('DELETE', '/v1/sessions/current'),
    // Accounts people manage (issue 32): sessions, export, deletion.
    sessions: () => call('GET', '/v1/sessions'),
    endSession: (id) => call('DELETE', `/v1/sessions/${encodeURIComponent(id)}`),
    endOtherSessions: () => call('DELETE', '/v1/sessions?except=current'),
    exportAccount: () => call('GET', '/v1/me/export'),
    /** A guest has no password and sends none. */
    deleteAccount: (password, secondFactor = {}) => call('DELETE', '/v1/me', password ? { password, ...secondFactor } : undefined),
    me: () => call('GET', '/v1/me'),
    rename: (displayName) => call('PATCH', '/v1/me', { display_name: displayName }),
    /** The server tells the image's format from its bytes; the file's type is only sent along. */
    setAvatar: (file) => call('PUT', '/v1/me/avatar', file),
    removeAvatar: () => call('DELETE', '/v1/me/avatar'),
    // Passwords and mailed links; a link's token goes in the body, never the address.
    changePassword: (current, next, secondFactor = {}) =>
      call('PUT', '/v1/me/password', { current_password: current, new_password: next, ...secondFactor }),
    // Two-step sign-in (TOTP): turning it on takes the password, then a code from the app.
    twoStep: () => call('GET', '/v1/me/totp'),
    startTwoStep: (password) => call('POST', '/v1/me/totp', { password }),
    confirmTwoStep: (code) => call('POST', '/v1/me/totp/confirm', { totp: code }),
    stopTwoStep: (password, secondFactor) => call('DELETE', '/v1/me/totp', { password, ...secondFactor }),
    regenerateRecoveryCodes: (secondFactor) => call('POST', '/v1/me/totp/recovery-codes', secondFactor),
    requestPasswordReset: (email) => call('POST', '/v1/password-resets', { email }),
    resetPassword: (token, password) => call('POST', '/v1/password-resets/redeem', { token, password }),
    verifyEmail: (token) => call('POST', '/v1/email-verifications', { token }),
    mailEmailVerification: () => call('POST', '/v1/me/email-verification'),
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
      return call('POST', '/v1/games', body);
    },
    /** The boards the server plays: [{ variant, name, width, height, line_length, rules }] */
    variants: () => call('GET', '/v1/variants'),
    /** A game by its id or its six-character share code. */
    game: (idOrCode) => call('GET', game(idOrCode)),
    join: (id) => call('POST', `${game(id)}/join`),
    move: (id, cell, moveNumber) => call('POST', `${game(id)}/moves`, { cell, move_number: moveNumber }),
    cancel: (id) => call('POST', `${game(id)}/cancel`),
    resign: (id) => call('POST', `${game(id)}/resign`),
    hint: (id) => call('GET', `${game(id)}/hint`),
    myGames: () => call('GET', '/v1/me/games?limit=50'),
    rematch: (id) => call('POST', `${game(id)}/rematch`),
    claim: (id) => call('POST', `${game(id)}/claim`),
    series: (userId) => call('GET', `/v1/players/${encodeURIComponent(userId)}/series`),
    finishedGames: (userId, { cursor, limit }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('cursor', cursor);
      return call('GET', `/v1/users/${encodeURIComponent(userId)}/games/finished?${query}`);
    },
    replay: (id) => call('GET', `${game(id)}/replay`),
    notation: (id) => call('GET', `${game(id)}/notation`, undefined, { text: true }),
    profile: (userId) => call('GET', `/v1/users/${encodeURIComponent(userId)}/profile`),
    /**
     * by: "rating" | "weekly_wins"; cursor: the `next_cursor` of the page before; pace: "real_time" | "correspondence";
     * players: "people" | "bots"; variant: a board's ratings, classic's (the server's default) when left out
     */
    leaderboard: (by, cursor, limit = 20, pace = 'real_time', players = 'people', variant = 'classic') => {
      const query = new URLSearchParams({ by, limit: String(limit), pace, players });
      if (variant !== 'classic') query.set('variant', variant);
      if (cursor) query.set('cursor', cursor);
      return call('GET', `/v1/leaderboard?${query}`);
    },
    /** side: "X" | "O", the challenger's; variant as createGame's */
    challenge: (opponent, side, timeControl, variant) => call('POST', '/v1/challenges',
      variant && variant !== 'classic' ? { opponent, side, time_control: timeControl, variant } : { opponent, side, time_control: timeControl }),
    /** answer: "seen" | "accept" | "decline" | "cancel" */
    answerChallenge: (id, answer) => call('POST', `/v1/challenges/${encodeURIComponent(id)}/${answer}`),
    /**
     * A casual classic pairing sends no body (every server takes that); a clocked one names its
     * control, and another board than classic its variant: each variant and pace has its queue.
     */
    playRandom: (timeControl, variant = 'classic') => {
      const body = {};
      if (timeControl && timeControl.kind !== 'casual') body.time_control = timeControl;
      if (variant !== 'classic') body.variant = variant;
      return call('POST', '/v1/matchmaking', Object.keys(body).length ? body : undefined);
    },
    leaveRandom: () => call('DELETE', '/v1/matchmaking'),
    friends: () => call('GET', '/v1/me/friends'),
    befriend: (username) => call('POST', '/v1/me/friends', { username }),
    acceptFriend: (userId) => call('POST', `${friend(userId)}/accept`),
    /** Ends a friendship, withdraws a request made, or declines one received. */
    removeFriend: (userId) => call('DELETE', friend(userId)),
    /** The friend's new display name was shown: "(was …)" is not shown again. */
    friendNameSeen: (userId) => call('POST', `${friend(userId)}/seen`),
    relation: (userId) => call('GET', `${user(userId)}/relation`),
    follow: (userId) => call('PUT', `/v1/me/following/${encodeURIComponent(userId)}`),
    unfollow: (userId) => call('DELETE', `/v1/me/following/${encodeURIComponent(userId)}`),
    /** which: "followers" | "following" */
    follows: (userId, which, cursor) => call('GET', `${user(userId)}/${which}?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    blocks: () => call('GET', '/v1/me/blocks'),
    block: (userId) => call('PUT', `/v1/me/blocks/${encodeURIComponent(userId)}`),
    unblock: (userId) => call('DELETE', `/v1/me/blocks/${encodeURIComponent(userId)}`),
    notifications: () => call('GET', '/v1/me/notifications?limit=30'),
    markRead: (id) => call('POST', `/v1/me/notifications/${encodeURIComponent(id)}/read`),
    markAllRead: () => call('POST', '/v1/me/notifications/read'),
    notificationSettings: () => call('GET', '/v1/me/notification-settings'),
    /** muted: the kinds switched off */
    setNotificationSettings: (muted) => call('PUT', '/v1/me/notification-settings', { muted }),
    /** The catalogue of video games: an empty `text` lists the most played. */
    searchCatalogue: (text, cursor) => {
      const query = new URLSearchParams({ q: text, limit: '20' });
      if (cursor) query.set('cursor', cursor);
      return call('GET', `/v1/catalogue/games?${query}`);
    },
    catalogueGame: (id) => call('GET', `/v1/catalogue/games/${encodeURIComponent(id)}`),
    cataloguePlayers: (id, cursor) => call('GET',
      `/v1/catalogue/games/${encodeURIComponent(id)}/players?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    addToMyGames: (id) => call('PUT', `/v1/me/catalogue/${encodeURIComponent(id)}`),
    removeFromMyGames: (id) => call('DELETE', `/v1/me/catalogue/${encodeURIComponent(id)}`),
    /** A player's video games, latest added first. */
    catalogueGames: (userId, cursor) => call('GET', `${user(userId)}/catalogue?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    // Web Push (push-device.js): the server's key, and this device's subscription.
    pushKey: () => call('GET', '/v1/push/key'),
    /** subscription: what PushSubscription.toJSON() gives ({ endpoint, keys: { p256dh, auth } }) */
    addPushSubscription: ({ endpoint, keys }) => call('POST', '/v1/push/subscriptions', { endpoint, keys }),
    removePushSubscription: (id) => call('DELETE', `/v1/push/subscriptions/${encodeURIComponent(id)}`),
  };
}
