import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

extension Change {
    /// Counts a finished game between people in both players' records and, when it is
    /// rated in a pool (`RatingPool`), in their ratings and the winner's wins this week. A
    /// game counts once: its rows in `rating_history` are the guard, so a second count of
    /// it changes nothing.
    func count(_ game: GameBetweenPeople) async throws {
        let kinds = try await PlayerNames.kinds(of: [game.x, game.o], on: sql)
        guard let x = kinds[game.x], let o = kinds[game.o] else { return }
        let rated = RatingPool.of(x, o, botsRatedWithPeople: context.configuration.botsRatedWithPeople) != nil
        let table = RatingTables.table(of: game.pace)
        let before = try await lockRatings(of: [game.x, game.o], in: table)
        let after = Dictionary(uniqueKeysWithValues: game.sides.map { side in
            let rating = before[side.player] ?? .initial
            let opponent = before[side.opponent] ?? .initial
            return (side.player, rated ? Glicko2.updated(rating, after: [.init(opponent: opponent, score: side.score)]) : rating)
        })
        let history = sql.insert(into: "rating_history")
            .columns("user_id", "game_id", "finished_at", "score", "rating", "deviation", "pace")
        let pace = game.pace == .realTime ? nil : game.pace.rawValue
        for side in game.sides {
            history.values(SQLBind(side.player), SQLBind(game.game.rawValue), SQLBind(now), SQLBind(side.score),
                           SQLBind(rated ? after[side.player]?.value : nil), SQLBind(rated ? after[side.player]?.deviation : nil),
                           SQLBind(pace))
        }
        let counted = try await history.ignoringConflicts(with: ["user_id", "game_id"]).returning("user_id").all()
        guard !counted.isEmpty else { return }
        // Both rows exist (lockRatings made them): one statement updates the two.
        let rows = game.sides.map { side -> SQLQueryString in
            let rating = after[side.player] ?? .initial
            return """
                (\(bind: side.player), \(bind: rating.value), \(bind: rating.deviation), \(bind: rating.volatility),
                \(bind: side.score == 1 ? 1 : 0), \(bind: side.score == 0 ? 1 : 0), \(bind: side.score == 0.5 ? 1 : 0), \(bind: now))
                """
        }
        try await sql.raw("""
            INSERT INTO \(ident: table) (user_id, rating, deviation, volatility, won, lost, drawn, updated_at)
            VALUES \(rows.joined(separator: ", ")) ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating,
            deviation = excluded.deviation, volatility = excluded.volatility, won = \(ident: table).won + excluded.won,
            lost = \(ident: table).lost + excluded.lost, drawn = \(ident: table).drawn + excluded.drawn,
            updated_at = excluded.updated_at
            """).run()
        if rated, let winner = game.winner, let loser = game.loser,
           try await winsToday(of: winner, against: loser) <= GameBetweenPeople.weeklyWinsPerOpponentPerDay {
            try await sql.raw("""
                INSERT INTO weekly_wins (week_start, user_id, wins) VALUES (\(bind: RatingWeek.start(of: now)), \(bind: winner), 1)
                ON CONFLICT (week_start, user_id) DO UPDATE SET wins = weekly_wins.wins + 1
                """).run()
        }
    }

    /// The rated wins of `winner` against `loser` in the 24 hours up to now, this game's
    /// included: read from both players' history, through its keys on (player, time) and
    /// (player, game).
    private func winsToday(of winner: UUID, against loser: UUID) async throws -> Int {
        try await sql.raw("""
            SELECT COUNT(*) AS wins FROM rating_history w
            JOIN rating_history l ON l.game_id = w.game_id AND l.user_id = \(bind: loser)
            WHERE w.user_id = \(bind: winner) AND w.finished_at > \(bind: now.addingTimeInterval(-24 * 3600))
            AND w.score = 1 AND w.rating IS NOT NULL
            """).first()?.decode(column: "wins", as: Int.self) ?? 0
    }

    /// The current ratings of `players`, each given a newcomer's row first if they have
    /// none. On PostgreSQL the rows stay locked until the transaction ends, so two games
    /// of one player finishing at once on two connections rate one after the other, each
    /// from the other's result. SQLite has one writer at a time already.
    private func lockRatings(of players: [UUID], in table: String) async throws -> [UUID: Glicko2.Rating] {
        let initial = Glicko2.Rating.initial
        let newcomers = sql.insert(into: table)
            .columns("user_id", "rating", "deviation", "volatility", "won", "lost", "drawn", "updated_at")
        // In one order everywhere, so that two transactions wait for each other rather than deadlock.
        for player in players.sorted(by: { $0.uuidString < $1.uuidString }) {
            newcomers.values(SQLBind(player), SQLBind(initial.value), SQLBind(initial.deviation), SQLBind(initial.volatility),
                             SQLBind(0), SQLBind(0), SQLBind(0), SQLBind(now))
        }
        try await newcomers.ignoringConflicts(with: ["user_id"]).run()
        let lock = sql.isSQLite ? "" : " FOR UPDATE"
        let rows = try await sql.raw("""
            SELECT user_id, rating, deviation, volatility FROM \(ident: table)
            WHERE user_id IN \(SQLBind.group(players)) ORDER BY user_id\(unsafeRaw: lock)
            """).all()
        var ratings: [UUID: Glicko2.Rating] = [:]
        for row in rows {
            ratings[try row.decode(column: "user_id", as: UUID.self)] = Glicko2.Rating(
                value: try row.decode(column: "rating", as: Double.self),
                deviation: try row.decode(column: "deviation", as: Double.self),
                volatility: try row.decode(column: "volatility", as: Double.self))
        }
        return ratings
    }
}

/// Records and ratings follow the games: every change that finishes a game between
/// people counts it, in the same transaction, so no finished game is ever left uncounted
/// and Games need not know that ratings exist.
package enum RatingsFollowGames {
    package static let reaction = ChangeReaction("ratings follow games", sees: .theChange) { change, logged in
        for case .gameFinished(let view) in logged.map(\.event) {
            if let game = GameBetweenPeople(view) { try await change.count(game) }
        }
    }
}
