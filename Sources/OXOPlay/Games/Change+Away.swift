import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// A seated player whose clients all went away during a live game: the opponent is told,
/// may claim the win after the grace period, and the housekeeping timer settles the
/// game itself after twice that. Presence calls these when a player's last client goes
/// and when the first comes back. A correspondence game is made to be left: nobody in it
/// is ever away.
extension Change {
    // The phase is written into these statements rather than bound: SQLite prepares a
    // statement again on every run when a bound value could make a partial index apply.
    func markAway(_ user: UUID) async throws {
        let grace = context.configuration.awayGrace
        for mark in Mark.allCases {
            let seat = mark == .x ? "x" : "o"
            let ids = try await sql.raw("""
                UPDATE games SET \(ident: "\(seat)_away_since") = \(bind: now),
                \(ident: "\(seat)_claimable_at") = \(bind: now.addingTimeInterval(grace))
                WHERE phase = \(literal: GamePhase.live.rawValue) AND mode = \(bind: GameMode.online.rawValue)
                AND \(ident: "\(seat)_user_id") = \(bind: user) AND \(ident: "\(seat)_away_since") IS NULL
                AND (time_control IS NULL OR time_control <> \(literal: TimeControl.Kind.correspondence.rawValue))
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
            for view in try await views(of: ids) { log(.playerLeft(view), to: [.game(view.id)]) }
        }
    }

    func markReturned(_ user: UUID) async throws {
        for mark in Mark.allCases {
            let seat = mark == .x ? "x" : "o"
            let ids = try await sql.raw("""
                UPDATE games SET \(ident: "\(seat)_away_since") = NULL, \(ident: "\(seat)_claimable_at") = NULL
                WHERE phase = \(literal: GamePhase.live.rawValue)
                AND \(ident: "\(seat)_user_id") = \(bind: user) AND \(ident: "\(seat)_away_since") IS NOT NULL
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
            for view in try await views(of: ids) { log(.playerReturned(view), to: [.game(view.id)]) }
        }
    }

    /// Ends the games whose absent players have been gone for twice the grace period:
    /// the one who stayed wins; when both went, nobody does. Returns how many.
    package func settleAbandoned() async throws -> Int {
        let limit = now.addingTimeInterval(-context.configuration.awayGrace)
        let ids = try await sql.select().column("id").from("games")
            .where("phase", .equal, GamePhase.live.rawValue)
            .where { $0.where("x_claimable_at", .lessThanOrEqual, limit).orWhere("o_claimable_at", .lessThanOrEqual, limit) }
            .all().map { try $0.decode(column: "id", as: UUID.self) }
        for id in ids {
            let game = try await games.game(GameID(rawValue: id))
            let stayed = Mark.allCases.filter { game.row.absence(of: $0) == nil }
            _ = try await finish(game, winner: stayed.count == 1 ? stayed[0] : nil, reason: .abandoned)
        }
        return ids.count
    }

    /// The games with these ids as they stand now in this change.
    func views(of ids: [UUID]) async throws -> [GameView] {
        guard !ids.isEmpty else { return [] }
        let rows = try await games.select().where("id", .in, ids).all(decoding: GameRow.self)
        return try await GameViews(database: sql).views(of: rows)
    }
}
