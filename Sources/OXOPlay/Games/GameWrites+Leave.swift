import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// What happens to a player's games when their account is deleted: each live game is
/// resigned (the opponent wins and everyone concerned is told, as for any resignation),
/// each open game they created is withdrawn, and they stop watching. Finished games stay,
/// for their opponents' history.
extension GameWrites {
    package func leaveAll(of user: UUID) async throws {
        let player = UserID(rawValue: user)
        let rows = try await reads.games.select()
            .where("phase", .equal, GamePhase.live.rawValue)
            .where { $0.where("x_user_id", .equal, user).orWhere("o_user_id", .equal, user) }
            .all(decoding: GameRow.self)
        for row in rows {
            let game = try await reads.games.game(row, kept: context[LiveGames.self])
            _ = try await finish(game, winner: try GameRules.resign(game, by: player), reason: .resignation)
        }
        let open = try await reads.games.select()
            .where("phase", .equal, GamePhase.open.rawValue).where("creator_id", .equal, user)
            .all(decoding: GameRow.self)
        for row in open { _ = try await remove(row, because: .cancelled) }
        try await sql.delete(from: "game_watchers").where("user_id", .equal, user).run()
        // The games they watched count one watcher fewer, without an event that says so.
        keptRows.forgetAll()
    }
}
