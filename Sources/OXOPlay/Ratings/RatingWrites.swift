import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// Ratings' writes, on `change.ratings`: ratings, their history and weekly wins.
package struct RatingWrites: ChangeHandle { package let change: Change }

extension Change { package var ratings: RatingWrites { RatingWrites(change: self) } }

extension RatingWrites {
    /// Counts a finished game between people in both players' records and, when it is
    /// rated in a pool (`RatingPool`), in their ratings and the winner's wins this week. A
    /// game counts once: its rows in `rating_history` are the guard, so a second count of
    /// it changes nothing.
    func count(_ game: GameBetweenPeople) async throws {
        let kinds = try await PlayerNames.kinds(of: game.x, and: game.o, on: sql)
        guard let x = kinds[game.x], let o = kinds[game.o] else { return }
        let rated = RatingPool.of(x, o, botsRatedWithPeople: context.configuration.botsRatedWithPeople) != nil
        let statements = RatingStatements.of(game.pace, in: game.variant)
        let before = try await lockRatings(of: game, with: statements)
        let after = Dictionary(uniqueKeysWithValues: game.sides.map { side in
            let rating = before[side.player] ?? .initial
            let opponent = before[side.opponent] ?? .initial
            return (side.player, rated ? Glicko2.updated(rating, after: [.init(opponent: opponent, score: side.score)]) : rating)
        })
        let pace = game.pace == .realTime ? nil : game.pace.rawValue
        let history: [any Encodable & Sendable] = game.sides.flatMap { side -> [any Encodable & Sendable] in
            [side.player, game.game.rawValue, now, side.score, rated ? after[side.player]?.value : nil,
             rated ? after[side.player]?.deviation : nil, pace, VariantColumn.value(of: game.variant)]
        }
        guard try await !RatingStatements.history.on(sql, history).all().isEmpty else { return }
        // Both rows exist (lockRatings made them): one statement updates the two.
        let records: [any Encodable & Sendable] = game.sides.flatMap { side -> [any Encodable & Sendable] in
            let rating = after[side.player] ?? .initial
            return [side.player, rating.value, rating.deviation, rating.volatility,
                    side.score == 1 ? 1 : 0, side.score == 0 ? 1 : 0, side.score == 0.5 ? 1 : 0, now]
        }
        try await statements.recorded.on(sql, records).run()
        if rated, let winner = game.winner, let loser = game.loser,
           try await winsToday(of: winner, against: loser) <= GameBetweenPeople.weeklyWinsPerOpponentPerDay {
            try await RatingStatements.weeklyWin.on(sql, RatingWeek.start(of: now), winner).run()
        }
    }

    /// The rated wins of `winner` against `loser` in the 24 hours up to now, this game's
    /// included.
    private func winsToday(of winner: UUID, against loser: UUID) async throws -> Int {
        try await RatingStatements.winsSince.on(sql, winner, loser, now.addingTimeInterval(-24 * 3600)).first()?
            .decode(column: "wins", as: Int.self) ?? 0
    }

    /// The current ratings of the game's players, each given a newcomer's row first if they
    /// have none. On PostgreSQL the rows stay locked until the transaction ends, so two games
    /// of one player finishing at once on two connections rate one after the other, each
    /// from the other's result. SQLite has one writer at a time already.
    private func lockRatings(of game: GameBetweenPeople, with statements: RatingStatements) async throws -> [UUID: Glicko2.Rating] {
        let initial = Glicko2.Rating.initial
        // In one order everywhere, so that two transactions wait for each other rather than deadlock.
        let players = [game.x, game.o].sorted { $0.uuidString < $1.uuidString }
        try await statements.newcomers.on(sql, players[0], players[1], initial.value, initial.deviation, initial.volatility, now)
            .run()
        var ratings: [UUID: Glicko2.Rating] = [:]
        for row in try await statements.locked.on(sql, players[0], players[1]).all() {
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
            if let game = GameBetweenPeople(view) { try await change.ratings.count(game) }
        }
    }
}
