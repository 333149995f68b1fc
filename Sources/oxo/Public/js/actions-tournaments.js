// The tournament actions (actions.js): the lists, one tournament, making one, joining and
// leaving, inviting friends, cancelling, and a player's past tournaments. Every answer that
// is a Tournament goes to the store, which the tournament page draws from.

export function createTournamentActions({ api, store }) {
  /** A request answered with a Tournament: kept, then returned. */
  async function kept(request) {
    const tournament = await request;
    store.putTournament(tournament);
    return tournament;
  }

  return {
    /** Those starting soon and those running now: { upcoming, running }. */
    async listTournaments() {
      const [upcoming, running] = await Promise.all([api.tournaments('upcoming'), api.tournaments('running')]);
      return { upcoming: upcoming.tournaments, running: running.tournaments };
    },

    loadTournament: (id, code) => kept(api.tournament(id, code)),

    /**
     * kind: "arena" | "swiss"; startsInMinutes from now (the server's now: `now`); an arena's
     * minutes, a Swiss event's rounds; timeControl as pace.js gives it.
     */
    createTournament({ kind, name, variant, timeControl, startsAt, minutes, rounds, isPrivate, botsAllowed }) {
      const body = { kind, name, variant, time_control: timeControl, starts_at: startsAt, private: isPrivate, bots_allowed: botsAllowed };
      if (kind === 'arena') body.duration_minutes = minutes;
      else body.rounds = rounds;
      return kept(api.createTournament(body));
    },

    joinTournament: (id, code) => kept(api.joinTournament(id, code || undefined)),
    leaveTournament: (id) => kept(api.leaveTournament(id)),
    inviteToTournament: (id, players) => kept(api.inviteToTournament(id, players)),
    cancelTournament: (id) => kept(api.cancelTournament(id)),

    async playerTournaments(userId) {
      return (await api.playerTournaments(userId)).tournaments;
    },
  };
}
