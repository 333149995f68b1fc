// The page's state: what the server last said, and nothing it did not say. Games are
// kept once, by id; the lobby and "my games" hold ids. Views subscribe and re-render.

const PHASE_ORDER = { open: 0, live: 1, finished: 2 };

/** -1, 0 or 1: how far along `a` is compared with `b` (moves first, then phase). */
function progress(a, b) {
  if (a.moves.length !== b.moves.length) return Math.sign(a.moves.length - b.moves.length);
  return Math.sign((PHASE_ORDER[a.phase] ?? 0) - (PHASE_ORDER[b.phase] ?? 0));
}

/** How far a challenge has got: waiting unseen (0), waiting seen (1), answered or expired (2). */
const challengeProgress = (challenge) => (challenge.state !== 'pending' ? 2 : challenge.seen ? 1 : 0);

/** `current` with `incoming` put in by their number: a message told twice is kept once, in its latest state. */
function mergeMessages(current, incoming) {
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

const newestFirst = (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

export function createStore() {
  const state = {
    /** { token, user } or null */
    session: null,
    /** { state: "offline" | "connecting" | "online" | "reconnecting" | "no-network", retryAt? } (socket.js) */
    connection: { state: 'offline' },
    /** id -> GameView */
    games: new Map(),
    /** id -> the `game:<id>` sequence number the stored copy came from, if it did */
    gameSeqs: new Map(),
    /** ids of listed games, newest first; null until the first snapshot */
    lobby: { open: null, live: null },
    /** ids of my games; null until the first snapshot of my inbox */
    mine: null,
    /** user id -> { player, status } of everyone online; null until the first snapshot */
    online: null,
    /** challenge id -> Challenge made or received, as its last event left it */
    challenges: new Map(),
    /** { id, count }: the last game that began for me, paired or joined (count tells repeats apart) */
    started: null,
    /** { state: "idle" | "waiting", since?, variant? } of Play random, as this page last heard it */
    random: { state: 'idle' },
    /** { items: Notification[] newest first, unread }; null until loaded */
    notifications: null,
    /** FriendList as GET /v1/me/friends last said, statuses kept live; null until loaded */
    friends: null,
    /** ids of players hidden from me by a block, either way: left out of the lobby and the online list */
    hidden: new Set(),
    /** grows whenever friends, follows or blocks may have changed, for views to reload */
    socialChanges: 0,
    /** room -> { messages: ChatMessage[] by seq, older: whether older ones remain, seen: { user id: seq } } */
    chat: new Map(),
  };
  const listeners = new Set();
  let scheduled = false;

  function changed() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      for (const listener of [...listeners]) listener(state);
    });
  }

  /** A game that was withdrawn before anyone joined is gone from the server: so from every list here. */
  const cancelled = (game) => game.result?.reason === 'cancelled';

  /**
   * Keeps the newer of the stored and the incoming game; returns the one kept. A copy
   * from the game's own topic (`seq` given) is the freshest there is, watchers included:
   * a copy from elsewhere (a REST answer, the lobby) that is only as far along does not
   * replace it, since it may have been read before the topic's last event.
   */
  function putGame(game, seq = null) {
    if (!game || !game.id) return null;
    const current = state.games.get(game.id);
    if (current) {
      const ahead = progress(game, current);
      const storedSeq = state.gameSeqs.get(game.id);
      if (ahead < 0) return current;
      if (ahead === 0 && storedSeq !== undefined && (seq === null || seq < storedSeq)) return current;
    }
    state.games.set(game.id, game);
    if (seq !== null) state.gameSeqs.set(game.id, seq);
    else state.gameSeqs.delete(game.id);
    if (cancelled(game) && state.mine) state.mine = state.mine.filter((id) => id !== game.id);
    changed();
    return game;
  }

  const ids = (games) => games.map((game) => putGame(game)?.id).filter(Boolean);
  const sortIds = (list) => list.map((id) => state.games.get(id)).filter(Boolean).sort(newestFirst).map((g) => g.id);

  function addMine(id) {
    if (cancelled(state.games.get(id) ?? {})) return;
    if (!state.mine) state.mine = [];
    if (!state.mine.includes(id)) state.mine = sortIds([...state.mine, id]);
    changed();
  }

  function lobbyEvent(kind, game) {
    const open = (state.lobby.open ?? []).filter((id) => id !== game.id);
    const live = (state.lobby.live ?? []).filter((id) => id !== game.id);
    const kept = state.games.get(game.id) ?? game;
    if (kept.phase === 'open' && kind === 'game_opened') open.push(game.id);
    if (kept.phase === 'live') live.push(game.id);
    state.lobby = { open: sortIds(open), live: sortIds(live) };
  }

  /** Notifications that mean the friends list (or a relation) changed. */
  const SOCIAL_KINDS = new Set(['friend_request', 'friend_accepted', 'friend_renamed', 'new_follower']);

  function notificationEvent(notification) {
    if (state.notifications) {
      const items = [notification, ...state.notifications.items.filter((n) => n.id !== notification.id)];
      state.notifications = { items, unread: state.notifications.unread + (notification.read ? 0 : 1) };
    }
    if (SOCIAL_KINDS.has(notification.kind)) state.socialChanges += 1;
    changed();
  }

  function readEvent(read) {
    if (state.notifications) {
      const items = state.notifications.items.map((n) => (!read.notification || n.id === read.notification ? { ...n, read: true } : n));
      state.notifications = { items, unread: read.unread };
    }
    changed();
  }

  /** A friend's presence, heard on my own inbox. */
  function friendPresence(entry) {
    if (!state.friends || !entry) return;
    const friends = state.friends.friends.map((f) => (f.player.id === entry.player.id ? { ...f, status: entry.status } : f));
    state.friends = { ...state.friends, friends };
    changed();
  }

  function presenceEvent(entry) {
    if (!entry || !state.online) return;
    const online = new Map(state.online);
    if (entry.status === 'offline') online.delete(entry.player.id);
    else online.set(entry.player.id, entry);
    state.online = online;
    changed();
  }

  /**
   * A challenge from a REST answer or an event. The answer to making one can arrive
   * after the event that it was seen: a copy that is behind the stored one is dropped.
   */
  function putChallenge(challenge) {
    const current = state.challenges.get(challenge.id);
    if (current && challengeProgress(current) > challengeProgress(challenge)) return;
    state.challenges = new Map(state.challenges).set(challenge.id, challenge);
    changed();
  }

  /** A game that began for me (paired, or someone joined the one I opened): the page goes to it. */
  function gameStarted(game) {
    const kept = putGame(game);
    if (!kept) return;
    addMine(kept.id);
    state.random = { state: 'idle' };
    state.started = { id: kept.id, count: (state.started?.count ?? 0) + 1 };
    changed();
  }

  /** Messages of a room from the socket or a page of history; `older`: whether a page before them remains. */
  function putMessages(room, messages, older) {
    const current = state.chat.get(room) ?? { messages: [], older: true, seen: {} };
    const merged = mergeMessages(current.messages, messages);
    const first = merged[0];
    state.chat.set(room, { ...current, messages: merged, older: older ?? (first ? first.seq > 1 : false) });
    changed();
  }

  function putSeen(room, seen) {
    const current = state.chat.get(room) ?? { messages: [], older: true, seen: {} };
    const before = current.seen[seen.reader] ?? 0;
    state.chat.set(room, { ...current, seen: { ...current.seen, [seen.reader]: Math.max(before, seen.seq) } });
    changed();
  }

  function setHidden(ids) {
    state.hidden = new Set(ids);
    state.socialChanges += 1;
    changed();
  }

  function renamed(player) {
    if (!state.session) return;
    state.session = { ...state.session, user: { ...state.session.user, display_name: player.display_name } };
    changed();
  }

  /** Any other event that carries a game: the game, the lobby's lists and my games follow it. */
  function gameEvent(event, topic, seq) {
    const game = event.game;
    if (!game) return;
    putGame(game, topic.startsWith('game:') ? seq : null);
    if (topic === 'lobby') lobbyEvent(event.kind, game);
    // My inbox, or any game I sit in (a game I opened on another device shows up in
    // the lobby before anything reaches my inbox).
    if (isInbox(topic) || marksOf(game, state.session?.user.id).length) addMine(game.id);
    changed();
  }

  const isInbox = (topic) => topic.startsWith('user:');
  const roomOf = (topic) => topic.slice('chat:'.length);
  const putMessage = ({ message }) => putMessages(message.room, [message]);

  /** What each kind of event changes; a kind not listed here is about a game (`gameEvent`). */
  const eventHandlers = {
    notification_added: ({ notification }) => notificationEvent(notification),
    notifications_read: ({ read }) => readEvent(read),
    hidden_changed: ({ hidden }) => setHidden(hidden ?? []),
    player_renamed: ({ player }) => renamed(player),
    presence_changed: ({ presence }, topic) => {
      // My inbox tells of friends; the presence topic of everyone online.
      if (isInbox(topic)) friendPresence(presence);
      presenceEvent(presence);
    },
    challenge_changed: ({ challenge }) => putChallenge(challenge),
    message_posted: putMessage,
    message_deleted: putMessage,
    messages_seen: ({ seen }, topic) => putSeen(roomOf(topic), seen),
    game_started: ({ game }) => gameStarted(game),
    // My inbox hears `player_joined` only of a game I opened: someone took the other seat.
    player_joined: (event, topic, seq) => (isInbox(topic) ? gameStarted(event.game) : gameEvent(event, topic, seq)),
  };

  /** What each topic's snapshot replaces, by the topic's kind (the part before its colon). */
  const snapshotHandlers = {
    lobby: (snapshot) => {
      state.lobby = { open: ids(snapshot.open ?? []), live: ids(snapshot.live ?? []) };
    },
    presence: (snapshot) => {
      state.online = new Map((snapshot.online ?? []).map((entry) => [entry.player.id, entry]));
    },
    user: (snapshot) => {
      state.mine = sortIds(ids(snapshot.games ?? []));
      const closed = [...state.challenges.values()].filter((c) => c.state !== 'pending');
      state.challenges = new Map([...closed, ...(snapshot.challenges ?? [])].map((c) => [c.id, c]));
    },
    game: (snapshot, seq) => {
      if (snapshot.game) putGame(snapshot.game, seq);
    },
    chat: (snapshot, seq, topic) => putMessages(roomOf(topic), snapshot.messages ?? []),
  };

  return {
    state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSession(session) {
      state.session = session;
      if (!session) {
        state.games = new Map();
        state.gameSeqs = new Map();
        state.lobby = { open: null, live: null };
        state.mine = null;
        state.online = null;
        state.challenges = new Map();
        state.started = null;
        state.random = { state: 'idle' };
        state.notifications = null;
        state.friends = null;
        state.chat = new Map();
        state.hidden = new Set();
      }
      changed();
    },
    setConnection(connection) {
      state.connection = connection;
      changed();
    },
    /** A game from a REST answer or a move acknowledgement. */
    putGame,
    /** A game the user now sits in (created or joined). */
    putMyGame(game) {
      const kept = putGame(game);
      if (kept) addMine(kept.id);
      return kept;
    },
    putChallenge,
    /** Where this page stands with Play random. */
    setRandom(random) {
      state.random = random;
      changed();
    },
    gameStarted,
    applySnapshot(topic, seq, snapshot) {
      snapshotHandlers[topic.split(':')[0]]?.(snapshot, seq, topic);
      changed();
    },
    putMessages,
    putSeen,
    /** A page of notifications from REST. */
    setNotifications(page) {
      state.notifications = { items: page.notifications ?? [], unread: page.unread ?? 0 };
      changed();
    },
    setFriends(list) {
      state.friends = list;
      changed();
    },
    setHidden,
    /** Something this page did changed friends, follows or blocks. */
    socialChanged() {
      state.socialChanges += 1;
      changed();
    },
    applyEvent(topic, seq, event) {
      (eventHandlers[event.kind] ?? gameEvent)(event, topic, seq);
    },
  };
}

/** The marks the signed-in user plays in a game: [], ["X"], ["O"] or both. */
export function marksOf(game, userId) {
  if (!game || !userId) return [];
  return ['X', 'O'].filter((mark) => seatOf(game, mark)?.player?.id === userId);
}

export function seatOf(game, mark) {
  return mark === 'X' ? game.x : game.o;
}

/**
 * A friend's open games as the page knows them now: those the friends list gave that are
 * still open, and those the lobby has told of since (`game_opened`), newest first. The
 * lobby's events keep both true: a game joined, cancelled or expired is open no more.
 */
export function openGamesOf(state, friendId) {
  const friend = state.friends?.friends.find((f) => f.player.id === friendId);
  const listed = (friend?.open_games ?? []).map((game) => state.games.get(game.id) ?? game);
  const lobby = (state.lobby.open ?? []).map((id) => state.games.get(id)).filter(Boolean);
  const byId = new Map([...listed, ...lobby]
    .filter((game) => game.phase === 'open' && ['X', 'O'].some((mark) => seatOf(game, mark)?.player?.id === friendId))
    .map((game) => [game.id, game]));
  return [...byId.values()].sort(newestFirst);
}

/** Whether the server says it is this user's move in this game. */
export function isMyTurn(game, userId) {
  return game.phase === 'live' && !!game.turn && marksOf(game, userId).includes(game.turn);
}
