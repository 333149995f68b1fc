// The store's games (store.js): each game kept once, by id, the lobby's lists and my
// games as ids, Play random, and the game that began for me last. Also what the views
// read off the games (whose seat, whose turn, a friend's open games), through store.js.

const PHASE_ORDER = { open: 0, live: 1, finished: 2 };

/** -1, 0 or 1: how far along `a` is compared with `b` (moves first, then phase). */
function progress(a, b) {
  if (a.moves.length !== b.moves.length) return Math.sign(a.moves.length - b.moves.length);
  return Math.sign((PHASE_ORDER[a.phase] ?? 0) - (PHASE_ORDER[b.phase] ?? 0));
}

const newestFirst = (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/** A game that was withdrawn before anyone joined is gone from the server: so from every list here. */
const cancelled = (game) => game.result?.reason === 'cancelled';

/** Whether a topic is my inbox (`user:<my id>`), which tells of my games and my friends only. */
export const isInbox = (topic) => topic.startsWith('user:');

/**
 * What changes the store's games; `changed` tells its subscribers, `kept` hears each game
 * stored (the inbox's "your turn" follows it).
 */
export function createGameUpdates(state, changed, kept = () => {}) {
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
    kept(game);
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

  /** A game that began for me (paired, or someone joined the one I opened): the page goes to it. */
  function gameStarted(game) {
    const kept = putGame(game);
    if (!kept) return;
    addMine(kept.id);
    state.random = { state: 'idle' };
    state.started = { id: kept.id, count: (state.started?.count ?? 0) + 1 };
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

  return {
    putGame,
    /** A game the user now sits in (created or joined). */
    putMyGame(game) {
      const kept = putGame(game);
      if (kept) addMine(kept.id);
      return kept;
    },
    gameStarted,
    gameEvent,
    /** My inbox hears `player_joined` only of a game I opened: someone took the other seat. */
    playerJoined(event, topic, seq) {
      if (isInbox(topic)) gameStarted(event.game);
      else gameEvent(event, topic, seq);
    },
    /** Where this page stands with Play random. */
    setRandom(random) {
      state.random = random;
      changed();
    },
    lobbySnapshot(snapshot) {
      state.lobby = { open: ids(snapshot.open ?? []), live: ids(snapshot.live ?? []) };
    },
    /** My inbox's snapshot lists my games. */
    setMine(games) {
      state.mine = sortIds(ids(games));
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
