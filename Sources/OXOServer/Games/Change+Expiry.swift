import Foundation
import OXOProtocol
import SQLKit

extension Change {
    /// Removes the open games nobody joined in time, after telling the lobby and the
    /// creator that they expired. Returns how many.
    func expireOpenGames() async throws -> Int {
        let oldest = now.addingTimeInterval(-context.configuration.openGameLifetime)
        let rows = try await games.select()
            .where("phase", .equal, GamePhase.open.rawValue).where("created_at", .lessThanOrEqual, oldest)
            .all(decoding: GameRow.self)
        for row in rows {
            var ended = row
            ended.phase = .finished
            ended.resultReason = .expired
            let view = try StoredGame(row: ended, moves: []).view
            log(.gameFinished(view), to: [.game(row.gameID), .user(UserID(rawValue: row.creatorId))] + (row.listed ? [.lobby] : []))
            let topic = Topic.game(row.gameID).description
            try await sql.delete(from: "game_watchers").where("game_id", .equal, row.id).run()
            try await sql.delete(from: "games").where("id", .equal, row.id).run()
            try await sql.delete(from: "events").where("topic", .equal, topic).run()
            try await sql.delete(from: "topic_sequences").where("topic", .equal, topic).run()
        }
        return rows.count
    }
}
