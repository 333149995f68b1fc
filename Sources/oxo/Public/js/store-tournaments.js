// Tournaments as the server last told of them: each by id, from a REST answer, the
// `tournament:<id>` topic's snapshot or its `tournament_changed` event (the newer kept);
// and the game a tournament paired me into (`tournament_game` on my inbox), which the
// page opens by itself as it does a game that began (store-games.js's `started`). A
// server that tells only `game_started` of a pairing opens it all the same (store-games.js).

/** The tournament's id, whether the event carries the id or a summary. */
const idOf = (value) => (typeof value === 'string' ? value : value?.id ?? null);

export function createTournamentUpdates(state, changed, games) {
  /** A whole Tournament (a REST answer, a snapshot, an event): it replaces the one kept. */
  function putTournament(tournament) {
    if (!tournament?.id) return;
    state.tournaments.set(tournament.id, tournament);
    changed();
  }

  /** `tournament_game`: `game` a GameView or its id; the page goes to it and says why. */
  function tournamentGame({ tournament, game }) {
    const gameId = idOf(game);
    if (!gameId) return;
    const count = (state.started?.count ?? 0) + 1;
    if (typeof game === 'object') games.gameStarted(game);
    const name = typeof tournament === 'object' ? tournament?.name ?? null : state.tournaments.get(tournament)?.name ?? null;
    state.started = { id: gameId, count, tournament: { id: idOf(tournament), name } };
    changed();
  }

  /** From the topic: the page need not read it again by itself (tournament.js). */
  function fromTopic(tournament) {
    if (tournament?.id) state.liveTournaments.add(tournament.id);
    putTournament(tournament);
  }

  return {
    putTournament,
    tournamentGame,
    tournamentChanged: ({ tournament }) => fromTopic(tournament),
    snapshot: (snapshot) => fromTopic(snapshot?.tournament ?? snapshot),
  };
}
