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

  /**
   * `tournament_game` (`paired`: { tournament, game }): the page goes to the game and says
   * why. The same game's `game_started`, come first, has taken it there already: the
   * tournament is only added to what it said.
   */
  function tournamentGame(event) {
    const { tournament, game } = event.paired ?? event;
    const gameId = idOf(game);
    if (!gameId) return;
    const name = typeof tournament === 'object' ? tournament?.name ?? null : state.tournaments.get(tournament)?.name ?? null;
    const about = { id: idOf(tournament), name };
    if (state.started?.id === gameId) {
      state.started = { ...state.started, tournament: about };
    } else {
      const count = (state.started?.count ?? 0) + 1;
      if (typeof game === 'object') games.gameStarted(game);
      state.started = { id: gameId, count, tournament: about };
    }
    changed();
  }

  /**
   * From the topic: the page need not read it again by itself (tournament.js). Its events
   * leave out `you` (the same for every follower): the one the page has is kept.
   */
  function fromTopic(tournament) {
    if (!tournament?.id) return;
    state.liveTournaments.add(tournament.id);
    const kept = state.tournaments.get(tournament.id)?.you;
    // Whether I joined stays as it was; my game is found among the pairings (tournament-you.js).
    const you = tournament.you ?? (kept ? { ...kept, next_game: null } : null);
    putTournament(you ? { ...tournament, you } : tournament);
  }

  return {
    putTournament,
    tournamentGame,
    tournamentChanged: ({ tournament }) => fromTopic(tournament),
    snapshot: (snapshot) => fromTopic(snapshot?.tournament ?? snapshot),
  };
}
