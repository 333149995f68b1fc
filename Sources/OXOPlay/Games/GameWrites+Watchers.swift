import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Who watches which game, one row per watching socket, so the count is right however many
/// server processes hold the sockets. Each change tells the game's followers the new count.
extension GameWrites {
    /// Records that `connection` of `user` watches `game`.
    func watch(_ game: GameID, from connection: UUID, as user: UserID) async throws {
        try await sql.insert(into: "game_watchers")
            .columns("game_id", "connection_id", "user_id", "since")
            .values(SQLBind(game.rawValue), SQLBind(connection), SQLBind(user.rawValue), SQLBind(now))
            .ignoringConflicts(with: ["game_id", "connection_id"])
            .run()
        try await announceWatchers(of: [game.rawValue])
    }

    /// Forgets what `connection` watched: one game, or all when `game` is nil; returns the
    /// users who watched through it.
    func stopWatching(from connection: UUID, game: GameID? = nil) async throws -> Set<UUID> {
        var delete = sql.delete(from: "game_watchers").where("connection_id", .equal, connection)
        if let game { delete = delete.where("game_id", .equal, game.rawValue) }
        let rows = try await delete.returning("game_id", "user_id").all()
        try await announceWatchers(of: Array(Set(try rows.map { try $0.decode(column: "game_id", as: UUID.self) })))
        return Set(try rows.map { try $0.decode(column: "user_id", as: UUID.self) })
    }

    private func announceWatchers(of games: [UUID]) async throws {
        for view in try await views(of: games) { log(.watchersChanged(view), to: [.game(view.id)]) }
    }
}

extension GameQueries {
    /// Whether `connection` watches `game`, or any game when `game` is nil.
    func watches(from connection: UUID, game: GameID? = nil) async throws -> Bool {
        var watched = database.select().column("game_id").from("game_watchers").where("connection_id", .equal, connection)
        if let game { watched = watched.where("game_id", .equal, game.rawValue) }
        return try await watched.first() != nil
    }
}
