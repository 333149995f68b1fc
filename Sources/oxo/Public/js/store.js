// The page's state: what the server last said, and nothing it did not say. Games are
// kept once, by id; the lobby and "my games" hold ids. Views subscribe and re-render.
// Here are the state's shape and which part each server event and snapshot goes to;
// how each part changes is in store-games.js, store-challenges.js, store-social.js,
// store-chat.js and store-tournaments.js.

import { createGameUpdates, isInbox } from './store-games.js';
import { createChallengeUpdates } from './store-challenges.js';
import { createSocialUpdates } from './store-social.js';
import { createChatUpdates } from './store-chat.js';
import { createTournamentUpdates } from './store-tournaments.js';

export { isMyTurn, marksOf, openGamesOf, seatOf } from './store-games.js';

/** What belongs to the signed-in account: all of it goes when the session does. */
function accountState() {
  return {
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
    /** room -> { messages: ChatMessage[] by seq, older: whether older ones remain, seen: { user id: seq } } */
    chat: new Map(),
    /** id -> Tournament, as its page last read it or its topic last said */
    tournaments: new Map(),
    /** ids of tournaments whose topic has sent them: kept live without being read again */
    liveTournaments: new Set(),
  };
}

export function createStore() {
  const state = {
    /** { token, user } or null */
    session: null,
    /** { state: "offline" | "connecting" | "online" | "reconnecting" | "no-network", retryAt? } (socket.js) */
    connection: { state: 'offline' },
    /** grows whenever friends, follows or blocks may have changed, for views to reload; kept across sessions, as a view compares it with the count it last saw */
    socialChanges: 0,
    ...accountState(),
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

  const social = createSocialUpdates(state, changed);
  const games = createGameUpdates(state, changed, social.turnMayHaveEnded);
  const challenges = createChallengeUpdates(state, changed);
  const chat = createChatUpdates(state, changed);
  const tournaments = createTournamentUpdates(state, changed, games);

  function renamed(player) {
    if (!state.session) return;
    state.session = { ...state.session, user: { ...state.session.user, display_name: player.display_name } };
    changed();
  }

  const roomOf = (topic) => topic.slice('chat:'.length);
  const putMessage = ({ message }) => chat.putMessages(message.room, [message]);

  /** What each kind of event changes; a kind not listed here is about a game (`gameEvent`). */
  const eventHandlers = {
    notification_added: ({ notification }) => social.notificationAdded(notification),
    notifications_read: ({ read }) => social.notificationsRead(read),
    hidden_changed: ({ hidden }) => social.setHidden(hidden ?? []),
    player_renamed: ({ player }) => renamed(player),
    presence_changed: ({ presence }, topic) => {
      // My inbox tells of friends; the presence topic of everyone online.
      if (isInbox(topic)) social.friendPresence(presence);
      social.presenceChanged(presence);
    },
    challenge_changed: ({ challenge }) => challenges.putChallenge(challenge),
    message_posted: putMessage,
    message_deleted: putMessage,
    messages_seen: ({ seen }, topic) => chat.putSeen(roomOf(topic), seen),
    game_started: ({ game }) => games.gameStarted(game),
    your_turn: (event, topic, seq) => {
      games.gameEvent(event, topic, seq);
      if (isInbox(topic)) social.turnHeard(event.game);
    },
    player_joined: games.playerJoined,
    tournament_changed: tournaments.tournamentChanged,
    tournament_game: tournaments.tournamentGame,
  };

  /** What each topic's snapshot replaces, by the topic's kind (the part before its colon). */
  const snapshotHandlers = {
    lobby: games.lobbySnapshot,
    presence: social.presenceSnapshot,
    user: (snapshot) => {
      games.setMine(snapshot.games ?? []);
      challenges.setPending(snapshot.challenges ?? []);
    },
    game: (snapshot, seq) => {
      if (snapshot.game) games.putGame(snapshot.game, seq);
    },
    chat: (snapshot, seq, topic) => chat.putMessages(roomOf(topic), snapshot.messages ?? []),
    tournament: tournaments.snapshot,
  };

  return {
    state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSession(session) {
      state.session = session;
      if (!session) Object.assign(state, accountState());
      changed();
    },
    setConnection(connection) {
      state.connection = connection;
      changed();
    },
    /** A game from a REST answer or a move acknowledgement. */
    putGame: games.putGame,
    putMyGame: games.putMyGame,
    putChallenge: challenges.putChallenge,
    setRandom: games.setRandom,
    gameStarted: games.gameStarted,
    applySnapshot(topic, seq, snapshot) {
      snapshotHandlers[topic.split(':')[0]]?.(snapshot, seq, topic);
      changed();
    },
    putTournament: tournaments.putTournament,
    putMessages: chat.putMessages,
    putSeen: chat.putSeen,
    setNotifications: social.setNotifications,
    setFriends: social.setFriends,
    setHidden: social.setHidden,
    socialChanged: social.socialChanged,
    applyEvent(topic, seq, event) {
      (eventHandlers[event.kind] ?? games.gameEvent)(event, topic, seq);
    },
  };
}
