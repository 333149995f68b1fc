import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// Open games that go without ever being played: those nobody joined in time, and those
/// their creator withdrew. Either way the lobby, the creator and the game's followers
/// hear how it ended, and then the game is removed.
extension GameWrites {
    /// Removes the open games nobody joined in time. Returns how many.
    package func expireOpenGames() async throws -> Int {
        let oldest = now.addingTimeInterval(-context.configuration.openGameLifetime)
        let rows = try await reads.games.select()
            .where("phase", .equal, GamePhase.open.rawValue).where("created_at", .lessThanOrEqual, oldest)
            .all(decoding: GameRow.self)
        var removed = 0
        for row in rows where try await remove(row, because: .expired) != nil { removed += 1 }
        return removed
    }

    /// The creator withdraws a game nobody has joined yet.
    func cancel(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        let row = try await reads.games.row(id)
        try GameRules.cancel(row, by: user.id)
        guard let view = try await remove(row, because: .cancelled) else {
            throw APIError(.gameStarted, "Someone joined the game first; it can no longer be cancelled.")
        }
        return view
    }

    /// Removes an open game and tells everyone concerned; nil when it is no longer open.
    func remove(_ row: GameRow, because reason: GameResult.Reason) async throws -> GameView? {
        // The phase check is the compare-and-set against a joiner: of a join and a removal
        // at the same moment, only one finds the game open.
        let removed = try await sql.delete(from: "games")
            .where("id", .equal, row.id).where("phase", .equal, GamePhase.open.rawValue)
            .returning("id").all()
        guard !removed.isEmpty else { return nil }
        var ended = row
        ended.phase = .finished
        ended.resultReason = reason
        let view = try StoredGame(row: ended, moves: []).view
        log(.gameFinished(view), to: [.game(row.gameID), .user(UserID(rawValue: row.creatorId))] + (row.listed ? [.lobby] : []))
        try await sql.delete(from: "game_watchers").where("game_id", .equal, row.id).run()
        try await change.forget(.game(row.gameID))
        return view
    }
}
