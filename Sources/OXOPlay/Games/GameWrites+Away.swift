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
extension GameWrites {
    func markAway(_ user: UUID) async throws {
        for mark in Mark.allCases {
            let ids = try await Self.markedAway[mark].on(sql, now, now.addingTimeInterval(context.configuration.awayGrace), user)
                .all().map { try $0.decode(column: "id", as: UUID.self) }
            for view in try await views(of: ids) { log(.playerLeft(view), to: [.game(view.id)]) }
        }
    }

    func markReturned(_ user: UUID) async throws {
        for mark in Mark.allCases {
            let ids = try await Self.markedReturned[mark].on(sql, user).all().map { try $0.decode(column: "id", as: UUID.self) }
            for view in try await views(of: ids) { log(.playerReturned(view), to: [.game(view.id)]) }
        }
    }

    /// A player marked away who acts on the game over HTTP (a move, a look at it) is there
    /// for now: without a socket nothing else tells. Their countdown starts again from this
    /// moment, so the opponent may claim only once the grace period passed with no sign
    /// from them, and everyone following the game sees the new countdown.
    /// Returns the game so changed; nil when the player was not marked away.
    @discardableResult
    func stillThere(_ user: UUID, as mark: Mark, in game: GameID) async throws -> GameView? {
        let ids = try await Self.awayFromNow[mark].on(sql, now, now.addingTimeInterval(context.configuration.awayGrace), game.rawValue, user)
            .all().map { try $0.decode(column: "id", as: UUID.self) }
        let changed = try await views(of: ids)
        for view in changed { log(.playerLeft(view), to: [.game(view.id)]) }
        return changed.first
    }

    private static let awayFromNow = statementsBySeat { seat in
        """
        UPDATE games SET \(seat)_away_since = $1, \(seat)_claimable_at = $2
        WHERE id = $3 AND \(seat)_user_id = $4 AND \(seat)_away_since IS NOT NULL AND phase = '\(GamePhase.live.rawValue)'
        RETURNING id
        """
    }

    // Written once, a statement a seat: a player's first socket and last socket run them,
    // thousands at once when a restart brings every socket back. The phase, mode and time
    // control are written into the text rather than bound: SQLite prepares a statement again
    // on every run when a bound value could make a partial index apply.
    private static let markedAway = statementsBySeat { seat in
        """
        UPDATE games SET \(seat)_away_since = $1, \(seat)_claimable_at = $2
        WHERE phase = '\(GamePhase.live.rawValue)' AND mode = '\(GameMode.online.rawValue)'
        AND \(seat)_user_id = $3 AND \(seat)_away_since IS NULL
        AND (time_control IS NULL OR time_control <> '\(TimeControl.Kind.correspondence.rawValue)')
        RETURNING id
        """
    }

    private static let markedReturned = statementsBySeat { seat in
        """
        UPDATE games SET \(seat)_away_since = NULL, \(seat)_claimable_at = NULL
        WHERE phase = '\(GamePhase.live.rawValue)' AND \(seat)_user_id = $1 AND \(seat)_away_since IS NOT NULL
        RETURNING id
        """
    }

    private static func statementsBySeat(_ text: (_ seat: String) -> String) -> BySeat {
        BySeat(x: FixedStatement(text("x")), o: FixedStatement(text("o")))
    }

    private struct BySeat {
        let x: FixedStatement
        let o: FixedStatement

        subscript(mark: Mark) -> FixedStatement { mark == .x ? x : o }
    }

    /// Ends the games whose absent players have been gone for twice the grace period:
    /// the one who stayed wins; when both went, nobody does; but a game whose clock ran
    /// out first ends on time. Returns how many.
    package func settleAbandoned() async throws -> Int {
        let limit = now.addingTimeInterval(-context.configuration.awayGrace)
        let ids = try await sql.select().column("id").from("games")
            .where("phase", .equal, GamePhase.live.rawValue)
            .where { $0.where("x_claimable_at", .lessThanOrEqual, limit).orWhere("o_claimable_at", .lessThanOrEqual, limit) }
            .all().map { try $0.decode(column: "id", as: UUID.self) }
        for id in ids {
            let game = try await reads.games.game(GameID(rawValue: id))
            if try await settledOnTime(game) != nil { continue }
            let stayed = Mark.allCases.filter { game.row.absence(of: $0) == nil }
            _ = try await finish(game, winner: stayed.count == 1 ? stayed[0] : nil, reason: .abandoned)
        }
        return ids.count
    }

    /// The games with these ids as they stand now in this change.
    func views(of ids: [UUID]) async throws -> [GameView] {
        guard !ids.isEmpty else { return [] }
        let rows = try await reads.games.select().where("id", .in, ids).all(decoding: GameRow.self)
        return try await GameViews(database: sql).views(of: rows)
    }
}
