import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol

/// A socket watching games: Games counts its watchers, and the watcher's status in
/// presence follows in the same change.
package struct Watchers {
    let store: Store

    package init(store: Store) {
        self.store = store
    }

    /// Records that `connection` watches the game and tells the game's followers; returns
    /// whether it does. A player following their own game is not watching it, and costs
    /// no write.
    package func add(_ connection: UUID, user: AuthenticatedUser, to row: GameRow) async throws -> Bool {
        guard row.marks(of: user.id).isEmpty else { return false }
        try await store.change { change in
            try await change.games.watch(row.gameID, from: connection, as: user.id)
            try await change.presence.announce(of: [user.id.rawValue])
        }
        return true
    }

    /// Forgets what `connection` watched: one game, or all when `game` is nil. A
    /// connection that watched nothing (every player's) costs no write. Its own session
    /// is the only one to add its rows, one request at a time, so the read cannot be
    /// overtaken.
    package func remove(_ connection: UUID, from game: GameID? = nil) async throws {
        guard try await store.reads.games.watches(from: connection, game: game) else { return }
        try await store.change { change in
            try await change.presence.announce(of: try await change.games.stopWatching(from: connection, game: game))
        }
    }
}
