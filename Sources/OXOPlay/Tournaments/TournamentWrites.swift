import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// Tournaments' writes, on `change.tournaments`: tournaments made, joined, left and
/// cancelled, their rounds and waves paired, their games' results counted.
///
/// Exactly once: every write that decides from a tournament's state first locks its row
/// (`locked`, `FOR UPDATE` on PostgreSQL; SQLite's one writer runs one change at a time)
/// and reads the state again, so of two processes pairing one tournament at once the
/// second finds nothing left to pair. A player is put in a game only by an `UPDATE` of
/// their `busy_game` from null, which must change both players' rows, so nobody is ever
/// in two live games of one tournament; pairing is one transaction, so a process killed
/// in the middle pairs nobody.
package struct TournamentWrites: ChangeHandle { package let change: Change }

extension Change { package var tournaments: TournamentWrites { TournamentWrites(change: self) } }

extension TournamentWrites {
    func create(_ body: CreateTournamentRequest, by creator: UUID) async throws -> TournamentRow {
        let id = UUID.random()
        let control = body.timeControl
        let code: String? = body.private == true ? ShareCode.make() + ShareCode.make() : nil
        let endsAt: Date? = body.kind == .arena ? body.startsAt.addingTimeInterval(TimeInterval((body.durationMinutes ?? 0) * 60)) : nil
        try await sql.insert(into: "tournaments")
            .columns("id", "kind", "name", "variant", "time_control", "clock_initial", "clock_increment", "days_per_move",
                     "starts_at", "ends_at", "rounds", "round", "round_interval", "state", "creator_id", "private", "code",
                     "bots_allowed", "created_at")
            .values(SQLBind(id), SQLBind(body.kind.rawValue), SQLBind(body.name), SQLBind(VariantColumn.value(of: body.variant ?? .classic)),
                    SQLBind(control.kind.rawValue), SQLBind(control.initialSeconds), SQLBind(control.incrementSeconds),
                    SQLBind(control.daysPerMove), SQLBind(body.startsAt), SQLBind(endsAt), SQLBind(body.rounds), SQLBind(0),
                    SQLBind(body.roundIntervalMinutes), SQLBind(TournamentState.scheduled.rawValue), SQLBind(creator),
                    SQLBind(body.private ?? false), SQLBind(code), SQLBind(body.botsAllowed ?? false), SQLBind(now))
            .run()
        guard let row = try await reads.tournaments.row(TournamentID(rawValue: id)) else { throw TournamentQueries.notFound(.init(rawValue: id)) }
        return row
    }

    /// The tournament's row, locked until the change ends (PostgreSQL), read again.
    func locked(_ id: TournamentID) async throws -> TournamentRow {
        let columns = TournamentRow.columns.joined(separator: ", ")
        let lock = sql.isSQLite ? "" : " FOR UPDATE"
        guard let row = try await sql.raw("SELECT \(unsafeRaw: columns) FROM tournaments WHERE id = \(bind: id.rawValue)\(unsafeRaw: lock)")
            .first(decoding: TournamentRow.self)
        else { throw TournamentQueries.notFound(id) }
        return row
    }

    /// Joins `user`, or brings back one who left; joining twice changes nothing.
    func join(_ row: TournamentRow, user: UUID, rating: Double) async throws {
        changed(row.tournamentID)
        if let existing = try await reads.tournaments.player(user, in: row.id) {
            guard existing.withdrawn else { return }
            try await sql.update("tournament_players").set("withdrawn", to: false)
                .where("tournament_id", .equal, row.id).where("user_id", .equal, user).run()
            return
        }
        try await sql.insert(into: "tournament_players")
            .columns("tournament_id", "user_id", "joined_at", "withdrawn", "rating", "colour_balance")
            .values(SQLBind(row.id), SQLBind(user), SQLBind(now), SQLBind(false), SQLBind(rating), SQLBind(0))
            .run()
    }

    func leave(_ row: TournamentRow, user: UUID) async throws {
        changed(row.tournamentID)
        try await sql.update("tournament_players").set("withdrawn", to: true)
            .where("tournament_id", .equal, row.id).where("user_id", .equal, user).run()
    }

    func cancel(_ row: TournamentRow) async throws {
        changed(row.tournamentID)
        try await sql.update("tournaments").set("state", to: TournamentState.cancelled.rawValue)
            .set("ends_at", to: now).where("id", .equal, row.id).run()
    }

    /// Records the invitations: an invited player sees a private tournament without its code.
    package func invite(_ id: TournamentID, players: [UUID]) async throws {
        for player in Set(players) where try await !reads.tournaments.isInvited(player, to: id.rawValue) {
            try await sql.insert(into: "tournament_invitations").columns("tournament_id", "user_id", "invited_at")
                .values(SQLBind(id.rawValue), SQLBind(player), SQLBind(now)).run()
        }
    }

    /// Whatever is due in the tournament now: its start, an arena's wave or its end, a
    /// Swiss event's next round or its end. Returns how many games it started.
    package func advance(_ id: TournamentID) async throws -> Int {
        var row = try await locked(id)
        if row.state == .scheduled {
            guard row.startsAt <= now else { return 0 }
            let players = try await reads.tournaments.players(of: row.id).filter { !$0.withdrawn }
            if row.kind == .swiss && players.count < 2 {
                try await cancel(row)
                return 0
            }
            try await sql.update("tournaments").set("state", to: TournamentState.running.rawValue).where("id", .equal, row.id).run()
            row.state = .running
            changed(id)
        }
        guard row.state == .running else { return 0 }
        switch row.kind {
        case .arena: return try await pairArenaWave(row)
        case .swiss: return try await pairSwissRound(row)
        }
    }

    private func finish(_ row: TournamentRow) async throws {
        changed(row.tournamentID)
        try await sql.update("tournaments").set("state", to: TournamentState.finished.rawValue)
            .set("ends_at", to: row.endsAt ?? now).where("id", .equal, row.id).run()
    }

    /// Pairs the arena's free players who are online; ends the arena at its end.
    private func pairArenaWave(_ row: TournamentRow) async throws -> Int {
        if let end = row.endsAt, end <= now {
            try await finish(row)
            return 0
        }
        let players = try await reads.tournaments.players(of: row.id)
        let games = try await reads.tournaments.games(of: row.id)
        var free: [TournamentPlayerRow] = []
        for player in players where !player.withdrawn && player.busyGame == nil {
            if try await reads.presence.isOnline(player.userId) { free.append(player) }
        }
        guard free.count >= 2 else { return 0 }
        let wave = TournamentRules.arenaWave(of: row, players: players, games: games, free: free)
        let number = (games.map(\.round).max() ?? 0) + 1
        for pair in wave.games { try await startGame(in: row, round: number, x: pair.x, o: pair.o) }
        return wave.games.count
    }

    /// Pairs the next Swiss round once every game of the last has ended (and its interval
    /// passed); finishes the event after its last round.
    private func pairSwissRound(_ row: TournamentRow) async throws -> Int {
        let games = try await reads.tournaments.games(of: row.id)
        guard !games.contains(where: { $0.result == nil }) else { return 0 }
        if let minutes = row.roundInterval, let started = row.roundStartedAt,
           now < started.addingTimeInterval(TimeInterval(minutes * 60)) { return 0 }
        let rounds = row.rounds ?? 0
        guard row.round < rounds else {
            try await finish(row)
            return 0
        }
        let players = try await reads.tournaments.players(of: row.id)
        let paired = SwissPairing.nextRound(
            players: players.map { SwissPlayer(id: $0.userId, rating: $0.rating, withdrawn: $0.withdrawn) },
            rounds: TournamentRules.swissRounds(games))
        guard !paired.round.games.isEmpty else {
            try await finish(row)
            return 0
        }
        let number = row.round + 1
        try await sql.update("tournaments").set("round", to: number).set("round_started_at", to: now).where("id", .equal, row.id).run()
        var order = (games.compactMap(\.finishOrder).max() ?? 0)
        if let bye = paired.round.bye {
            order += 1
            try await insertEntry(in: row, round: number, game: nil, x: bye, o: nil, result: TournamentGameRow.bye, order: order)
        }
        var started = 0
        for game in paired.round.games {
            // A clocked round is played by those there at its start; a correspondence one waits for them.
            if row.timeControl.kind == .clock {
                let xThere = try await reads.presence.isOnline(game.x), oThere = try await reads.presence.isOnline(game.o)
                if let missed = MissedStarts.result(xPresent: xThere, oPresent: oThere) {
                    order += 1
                    try await insertEntry(in: row, round: number, game: nil, x: game.x, o: game.o,
                                          result: TournamentRules.stored(missed).rawValue, order: order)
                    changed(row.tournamentID)
                    continue
                }
            }
            try await startGame(in: row, round: number, x: game.x, o: game.o)
            started += 1
        }
        return started
    }

    /// A public tournament's games are listed, so anyone may watch them from its page or the
    /// lobby; a private one's are its two players' alone, as a challenge's are.
    private func startGame(in row: TournamentRow, round: Int, x: UUID, o: UUID) async throws {
        let game = try await change.games.start(x: x, o: o, by: x, variant: row.variant, control: row.timeControl,
                                                listed: !row.isPrivate)
        changed(row.tournamentID)
        log(.tournamentGame(TournamentPairedGame(tournament: row.tournamentID, game: game)),
            to: [.user(UserID(rawValue: x)), .user(UserID(rawValue: o))])
        try await insertEntry(in: row, round: round, game: game.id.rawValue, x: x, o: o, result: nil, order: nil)
        let seated = try await sql.raw("""
            UPDATE tournament_players SET busy_game = \(bind: game.id.rawValue)
            WHERE tournament_id = \(bind: row.id) AND user_id IN (\(bind: x), \(bind: o)) AND busy_game IS NULL RETURNING user_id
            """).all()
        guard seated.count == 2 else {
            throw APIError(.staleState, "A player of tournament \(row.id) is in a game of it already.")
        }
    }

    private func insertEntry(in row: TournamentRow, round: Int, game: UUID?, x: UUID, o: UUID?, result: String?,
                             order: Int?) async throws {
        try await sql.insert(into: "tournament_games")
            .columns("id", "tournament_id", "round", "game_id", "x_id", "o_id", "result", "finish_order", "created_at")
            .values(SQLBind(UUID.random()), SQLBind(row.id), SQLBind(round), SQLBind(game), SQLBind(x), SQLBind(o), SQLBind(result),
                    SQLBind(order), SQLBind(now))
            .run()
    }

    /// Counts a finished game in its tournament, if it is one's: its result, in the order
    /// games finished, and its players free again. A cancelled tournament counts nothing more.
    func count(_ view: GameView) async throws {
        guard let entry = try await reads.tournaments.entry(of: view.id) else { return }
        let row = try await locked(TournamentID(rawValue: entry.tournamentId))
        guard row.state != .cancelled, let o = entry.oId else { return }
        let result = TournamentRules.result(of: view)
        changed(row.tournamentID)
        let order = try await sql.raw("""
            SELECT COALESCE(MAX(finish_order), 0) AS n FROM tournament_games WHERE tournament_id = \(bind: row.id)
            """).first()?.decode(column: "n", as: Int.self) ?? 0
        try await sql.update("tournament_games").set("result", to: result.rawValue).set("finish_order", to: order + 1)
            .where("id", .equal, entry.id).where("result", .is, SQLLiteral.null).run()
        for (player, opponent, side) in [(entry.xId, o, 1), (o, entry.xId, -1)] {
            try await sql.raw("""
                UPDATE tournament_players SET busy_game = NULL, last_opponent = \(bind: opponent),
                colour_balance = colour_balance + \(bind: side)
                WHERE tournament_id = \(bind: row.id) AND user_id = \(bind: player) AND busy_game = \(bind: view.id.rawValue)
                """).run()
        }
    }
}

/// Tournaments follow their games: a finished game that is a tournament's is counted in
/// the same transaction, so no result is ever lost, and Games need not know of tournaments.
package enum TournamentsFollowGames {
    package static let reaction = ChangeReaction("tournaments follow games", sees: .theChange) { change, logged in
        for case .gameFinished(let view) in logged.map(\.event) where view.mode == .online {
            try await change.tournaments.count(view)
        }
    }
}
