import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// Reading tournaments, and building what the wire shows of them.
package struct TournamentQueries {
    let database: any SQLDatabase

    /// How many finished tournaments the lobby lists, newest first.
    static let finishedListed = 50

    func row(_ id: TournamentID) async throws -> TournamentRow? {
        try await database.select().columns(TournamentRow.columns.map { SQLIdentifier($0) }).from("tournaments")
            .where("id", .equal, id.rawValue).first(decoding: TournamentRow.self)
    }

    func players(of id: UUID) async throws -> [TournamentPlayerRow] {
        try await database.select().columns(TournamentPlayerRow.columns.map { SQLIdentifier($0) }).from("tournament_players")
            .where("tournament_id", .equal, id).orderBy("joined_at").all(decoding: TournamentPlayerRow.self)
    }

    func player(_ user: UUID, in id: UUID) async throws -> TournamentPlayerRow? {
        try await database.select().columns(TournamentPlayerRow.columns.map { SQLIdentifier($0) }).from("tournament_players")
            .where("tournament_id", .equal, id).where("user_id", .equal, user).first(decoding: TournamentPlayerRow.self)
    }

    func games(of id: UUID) async throws -> [TournamentGameRow] {
        try await database.select().columns(TournamentGameRow.columns.map { SQLIdentifier($0) }).from("tournament_games")
            .where("tournament_id", .equal, id).orderBy("round").orderBy("created_at").orderBy("id")
            .all(decoding: TournamentGameRow.self)
    }

    /// The tournament game that `game` is, if it is one still waiting for its result.
    func entry(of game: GameID) async throws -> TournamentGameRow? {
        try await Self.waitingEntry.on(database, game.rawValue).first(decoding: TournamentGameRow.self)
    }

    /// Asked by every game between two people that ends, nearly all of them no tournament's:
    /// written once, and prepared on PostgreSQL.
    private static let waitingEntry = FixedStatement(
        "SELECT \(TournamentGameRow.columns.joined(separator: ", ")) FROM tournament_games WHERE game_id = $1 AND result IS NULL")

    func isInvited(_ user: UUID, to id: UUID) async throws -> Bool {
        try await database.select().column("user_id").from("tournament_invitations")
            .where("tournament_id", .equal, id).where("user_id", .equal, user).first() != nil
    }

    /// The tournament, if `viewer` may see it (`TournamentRules.visible`); to anyone else
    /// it does not exist.
    func visibleRow(_ id: TournamentID, to viewer: UUID, code: String?) async throws -> TournamentRow {
        guard let row = try await row(id) else { throw Self.notFound(id) }
        if row.isPrivate {
            let joined = try await player(viewer, in: row.id) != nil
            let invited = try await isInvited(viewer, to: row.id)
            guard TournamentRules.visible(row, to: viewer, joined: joined, invited: invited, code: code) else { throw Self.notFound(id) }
        }
        return row
    }

    /// The tournament as `viewer` sees it, if they may (without a code: as a topic's follower).
    package func visibleView(_ id: TournamentID, to viewer: UUID) async throws -> Tournament {
        try await view(of: visibleRow(id, to: viewer, code: nil), for: viewer)
    }

    /// The tournament as its topic's followers all see it: `you` left out.
    package func publicView(_ id: TournamentID) async throws -> Tournament? {
        guard let row = try await row(id) else { return nil }
        return try await view(of: row, for: nil)
    }

    static func notFound(_ id: TournamentID) -> APIError {
        APIError(.tournamentNotFound, "There is no tournament \(id), or it is private.")
    }

    /// Tournaments the timers may have work in: scheduled ones whose start came, and running ones.
    package func due(at now: Date) async throws -> [TournamentID] {
        try await database.select().column("id").from("tournaments")
            .where { $0.where("state", .equal, TournamentState.running.rawValue)
                .orWhere { $0.where("state", .equal, TournamentState.scheduled.rawValue).where("starts_at", .lessThanOrEqual, now) } }
            .all().map { TournamentID(rawValue: try $0.decode(column: "id", as: UUID.self)) }
    }

    /// How many tournaments `user` created since `since`.
    func created(by user: UUID, since: Date) async throws -> Int {
        try await database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("tournaments")
            .where("creator_id", .equal, user).where("created_at", .greaterThanOrEqual, since).first()?
            .decode(column: "n", as: Int.self) ?? 0
    }

    /// Public tournaments in `state`: scheduled soonest first, running, finished newest first.
    package func list(_ state: TournamentState) async throws -> [TournamentSummary] {
        var query = database.select().columns(TournamentRow.columns.map { SQLIdentifier($0) }).from("tournaments")
            .where("state", .equal, state.rawValue).where("private", .equal, false)
        switch state {
        case .scheduled, .running: query = query.orderBy("starts_at").limit(200)
        case .finished, .cancelled: query = query.orderBy("starts_at", .descending).limit(Self.finishedListed)
        }
        return try await summaries(of: query.all(decoding: TournamentRow.self))
    }

    func summaries(of rows: [TournamentRow]) async throws -> [TournamentSummary] {
        guard !rows.isEmpty else { return [] }
        let names = try await PlayerNames.summaries(of: rows.map(\.creatorId), on: database)
        var counts: [UUID: Int] = [:]
        for row in try await database.select().column("tournament_id").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from("tournament_players").where("tournament_id", .in, rows.map(\.id)).groupBy("tournament_id").all() {
            counts[try row.decode(column: "tournament_id", as: UUID.self)] = try row.decode(column: "n", as: Int.self)
        }
        return rows.compactMap { row in
            guard let creator = names[row.creatorId] else { return nil }
            return Self.summary(of: row, creator: creator, players: counts[row.id] ?? 0)
        }
    }

    static func summary(of row: TournamentRow, creator: PlayerSummary, players: Int) -> TournamentSummary {
        TournamentSummary(
            id: row.tournamentID, kind: row.kind, name: row.name, variant: row.variant, timeControl: row.timeControl, state: row.state,
            startsAt: row.startsAt, endsAt: row.endsAt, rounds: row.rounds, round: row.kind == .swiss ? row.round : nil,
            creator: creator, players: players, private: row.isPrivate, botsAllowed: row.botsAllowed)
    }

    /// The tournament as `viewer` sees it.
    func view(of row: TournamentRow, for viewer: UUID?) async throws -> Tournament {
        let players = try await players(of: row.id)
        let games = try await games(of: row.id)
        let lines = TournamentRules.standings(of: row, players: players, games: games)
        let shown: [TournamentGameRow] = switch row.kind {
        case .arena: games.filter { $0.result == nil && $0.gameId != nil }
        case .swiss: games.filter { $0.round == row.round && $0.oId != nil }
        }
        var ids = Set(players.map(\.userId))
        ids.insert(row.creatorId)
        for game in shown { ids.insert(game.xId); if let o = game.oId { ids.insert(o) } }
        let names = try await PlayerNames.summaries(of: ids, on: database)
        guard let creator = names[row.creatorId] else { throw Self.notFound(row.tournamentID) }
        let standings = lines.compactMap { line -> TournamentStanding? in
            guard let player = names[line.player] else { return nil }
            return TournamentStanding(
                rank: line.rank, player: player, points: line.points, games: line.games, wins: line.wins, draws: line.draws,
                losses: line.losses, streak: line.streak, buchholz: line.buchholz, sonnebornBerger: line.sonnebornBerger,
                withdrawn: line.withdrawn)
        }
        let pairings = shown.compactMap { game -> TournamentPairing? in
            guard let o = game.oId, let x = names[game.xId], let oName = names[o] else { return nil }
            return TournamentPairing(game: game.gameId.map(GameID.init(rawValue:)), round: game.round, x: x, o: oName,
                                     result: game.wireResult)
        }
        let mine = viewer.flatMap { me in players.first { $0.userId == me } }
        let withdrawnByStandings = viewer.flatMap { me in lines.first { $0.player == me }?.withdrawn } ?? false
        let you = mine.map { TournamentYou(joined: true, withdrawn: $0.withdrawn || withdrawnByStandings,
                                           nextGame: $0.busyGame.map(GameID.init(rawValue:))) }
        return Tournament(
            id: row.tournamentID, kind: row.kind, name: row.name, variant: row.variant, timeControl: row.timeControl,
            state: row.state, startsAt: row.startsAt, endsAt: row.endsAt, rounds: row.rounds,
            round: row.kind == .swiss ? row.round : nil, roundIntervalMinutes: row.roundInterval, creator: creator,
            private: row.isPrivate, code: viewer == row.creatorId ? row.code : nil, botsAllowed: row.botsAllowed,
            rules: TournamentRules.text(for: row), standings: standings, games: pairings,
            you: you ?? viewer.map { _ in TournamentYou(joined: false, withdrawn: false, nextGame: nil) })
    }

    /// The finished tournaments `user` played in, newest first, with their place.
    package func played(by user: UUID, limit: Int = 100) async throws -> [PlayedTournament] {
        let ids = try await database.select().column("tournament_id").from("tournament_players").where("user_id", .equal, user).all()
            .map { try $0.decode(column: "tournament_id", as: UUID.self) }
        guard !ids.isEmpty else { return [] }
        let rows = try await database.select().columns(TournamentRow.columns.map { SQLIdentifier($0) }).from("tournaments")
            .where("id", .in, ids).where("state", .equal, TournamentState.finished.rawValue)
            .orderBy("starts_at", .descending).limit(limit).all(decoding: TournamentRow.self)
        let summaries = try await summaries(of: rows)
        var played: [PlayedTournament] = []
        for (row, summary) in zip(rows, summaries) where summary.id.rawValue == row.id {
            let lines = TournamentRules.standings(of: row, players: try await players(of: row.id), games: try await games(of: row.id))
            guard let line = lines.first(where: { $0.player == user }) else { continue }
            played.append(PlayedTournament(tournament: summary, place: line.rank, points: line.points,
                                           trophy: line.rank == 1 && line.games > 0))
        }
        return played
    }
}

extension Reads {
    package var tournaments: TournamentQueries { TournamentQueries(database: sql) }
}
