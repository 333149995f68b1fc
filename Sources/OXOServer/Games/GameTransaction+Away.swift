import Foundation
import OXOProtocol
import SQLKit
import TicTacToe

/// A seated player whose clients all went away during a live game: the opponent is told,
/// may claim the win after the grace period, and the housekeeping timer settles the
/// game itself after twice that.
extension GameTransaction {
    func markAway(_ user: UUID) async throws {
        let grace = context.configuration.awayGrace
        for mark in Mark.allCases {
            let seat = mark == .x ? "x" : "o"
            let ids = try await database.sql.raw("""
                UPDATE games SET \(ident: "\(seat)_away_since") = \(bind: now),
                \(ident: "\(seat)_claimable_at") = \(bind: now.addingTimeInterval(grace))
                WHERE phase = \(bind: GamePhase.live.rawValue) AND mode = \(bind: GameMode.online.rawValue)
                AND \(ident: "\(seat)_user_id") = \(bind: user) AND \(ident: "\(seat)_away_since") IS NULL
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
            try await announce(.playerLeft, ids)
        }
    }

    func markReturned(_ user: UUID) async throws {
        for mark in Mark.allCases {
            let seat = mark == .x ? "x" : "o"
            let ids = try await database.sql.raw("""
                UPDATE games SET \(ident: "\(seat)_away_since") = NULL, \(ident: "\(seat)_claimable_at") = NULL
                WHERE phase = \(bind: GamePhase.live.rawValue)
                AND \(ident: "\(seat)_user_id") = \(bind: user) AND \(ident: "\(seat)_away_since") IS NOT NULL
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
            try await announce(.playerReturned, ids)
        }
    }

    /// The player who stayed takes the win once the opponent has been away for the grace
    /// period.
    func claim(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        let game = try await queries.game(id)
        let row = game.row
        guard let mine = row.marks(of: user.id).first else { throw APIError(.notAPlayer, "You are not playing in this game.") }
        guard row.gamePhase == .live else {
            throw row.gamePhase == .open
                ? APIError(.waitingForOpponent, "The game starts when an opponent joins.")
                : APIError(.gameOver, "This game is over.")
        }
        guard row.gameMode == .online, let absence = row.absence(of: mine.opponent) else {
            throw APIError(.opponentPresent, "Your opponent is still connected.")
        }
        guard now >= absence.claimableAt else {
            throw APIError(.claimTooEarly, "Your opponent may still come back; you can claim the win from \(absence.claimableAt).")
        }
        return try await finish(game, winner: mine, reason: .abandoned).view
    }

    /// Ends the games whose absent players have been gone for twice the grace period:
    /// the one who stayed wins; when both went, nobody does. Returns how many.
    func settleAbandoned() async throws -> Int {
        let limit = now.addingTimeInterval(-context.configuration.awayGrace)
        let ids = try await database.sql.select().column("id").from("games")
            .where("phase", .equal, GamePhase.live.rawValue)
            .where { $0.where("x_claimable_at", .lessThanOrEqual, limit).orWhere("o_claimable_at", .lessThanOrEqual, limit) }
            .all().map { try $0.decode(column: "id", as: UUID.self) }
        for id in ids {
            let game = try await queries.game(GameID(rawValue: id))
            let stayed = Mark.allCases.filter { game.row.absence(of: $0) == nil }
            _ = try await finish(game, winner: stayed.count == 1 ? stayed[0] : nil, reason: .abandoned)
        }
        return ids.count
    }

    private func announce(_ kind: TopicEvent.Kind, _ ids: [UUID]) async throws {
        for id in ids {
            let view = try await GameViews(database: database).view(of: try await queries.row(GameID(rawValue: id)))
            log(kind, view, to: [.game(view.id)])
        }
    }
}
