import Fluent
import Foundation
import OXOProtocol
import SQLKit

/// Who watches which game, one row per watching socket, so the count is right however
/// many server processes hold the sockets. A watcher's status in presence follows.
struct Watchers {
    let store: Store

    /// Records that `connection` watches the game and tells the game's followers; returns
    /// whether it does. A player following their own game is not watching it, and costs
    /// no write.
    func add(_ connection: UUID, user: AuthenticatedUser, to row: GameRow) async throws -> Bool {
        guard row.marks(of: user.id).isEmpty else { return false }
        let game = row.gameID
        try await store.change { change in
            try await change.sql.insert(into: "game_watchers")
                .columns("game_id", "connection_id", "user_id", "since")
                .values(SQLBind(game.rawValue), SQLBind(connection), SQLBind(user.id.rawValue), SQLBind(change.now))
                .ignoringConflicts(with: ["game_id", "connection_id"])
                .run()
            try await Self.announce([game.rawValue], in: change)
            try await change.announcePresence(of: [user.id.rawValue])
        }
        return true
    }

    /// Forgets what `connection` watched: one game, or all when `game` is nil. A
    /// connection that watched nothing (every player's) costs no write. Its own session
    /// is the only one to add its rows, one request at a time, so the read cannot be
    /// overtaken.
    func remove(_ connection: UUID, from game: GameID? = nil) async throws {
        var watched = store.sql.select().column("game_id").from("game_watchers")
            .where("connection_id", .equal, connection)
        if let game { watched = watched.where("game_id", .equal, game.rawValue) }
        guard try await watched.first() != nil else { return }
        try await store.change { change in
            var delete = change.sql.delete(from: "game_watchers").where("connection_id", .equal, connection)
            if let game { delete = delete.where("game_id", .equal, game.rawValue) }
            let rows = try await delete.returning("game_id", "user_id").all()
            try await Self.announce(Array(Set(try rows.map { try $0.decode(column: "game_id", as: UUID.self) })), in: change)
            try await change.announcePresence(of: Set(try rows.map { try $0.decode(column: "user_id", as: UUID.self) }))
        }
    }

    private static func announce(_ games: [UUID], in change: Change) async throws {
        for view in try await change.views(of: games) { change.log(.watchersChanged(view), to: [.game(view.id)]) }
    }
}
