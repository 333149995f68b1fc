import Foundation
import OXOProtocol
import SQLKit

extension GameQueries {
    /// Every game `user` sat in, with its moves, oldest first, for their export.
    package func everyGame(of user: UUID) async throws -> [GameView] {
        let rows = try await select()
            .where { $0.where("x_user_id", .equal, user).orWhere("o_user_id", .equal, user) }
            .orderBy("created_at").orderBy("id")
            .all(decoding: GameRow.self)
        let moves = try await moves(of: rows.map(\.id))
        return try rows.map { try StoredGame(row: $0, moves: moves[$0.id] ?? []).view }
    }
}
