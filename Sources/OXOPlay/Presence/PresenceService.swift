import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// Records the sockets that come and go. A player is online while any of their sockets
/// is connected, to any server process: the first one brings them online (and back
/// into the live games they left), the last one takes them offline (away from their games,
/// and out of the players waiting for *Play random*).
/// Each change first holds the player's row (`lockPlayers`), so that two sockets of one
/// player closing at once on two processes cannot both see the other still there.
package struct PresenceService {
    let store: Store

    package init(store: Store) {
        self.store = store
    }

    /// Records the socket `connection` of `user`, when the session it was opened with is
    /// still open, and calls `answer` once that is committed: false, with nothing recorded,
    /// when the session has ended. The session is looked at in the same change, so a
    /// socket's opening waits for the writer alone, not for a reader before it, and no
    /// task waits: the answer comes from the writer.
    package func enter(_ connection: UUID, user: AuthenticatedUser,
                       answer: @escaping @Sendable (Result<Bool, any Error>) -> Void) {
        store.change({ change in
            guard try await user.sessionIsOpen(on: change.sql) else { return false }
            let id = user.id.rawValue
            try await change.accounts.lockPlayers([id])
            try await Self.connected.on(change.sql, connection, id, change.context.processID, change.now, change.now).run()
            guard try await change.reads.presence.connections(of: id) == 1 else { return true }
            try await change.games.markReturned(id)
            try await change.presence.announce(of: [id])
            return true
        }, answer: answer)
    }

    // Written once: every socket that opens or closes runs them, thousands at once when a
    // restart or a network's blip takes them all away and brings them back.
    private static let connected = FixedStatement(
        "INSERT INTO presence (connection_id, user_id, process_id, connected_at, seen_at) VALUES ($1, $2, $3, $4, $5)")
    private static let connectionOwner = FixedStatement("SELECT user_id FROM presence WHERE connection_id = $1")
    private static let disconnected = FixedStatement("DELETE FROM presence WHERE connection_id = $1")
    private static let lastSeenKept = FixedStatement(
        "INSERT INTO last_seen (user_id, seen_at) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET seen_at = excluded.seen_at")

    package func leave(_ connection: UUID) async throws {
        try await store.change { change in
            guard let user = try await Self.connectionOwner.on(change.sql, connection).first()?.decode(column: "user_id", as: UUID.self)
            else { return }
            try await change.accounts.lockPlayers([user])
            try await Self.disconnected.on(change.sql, connection).run()
            guard try await change.reads.presence.connections(of: user) == 0 else { return }
            // Nobody is paired with a player who is not there.
            try await change.presence.stopWaiting(user)
            try await change.games.markAway(user)
            try await Self.lastSeenKept.on(change.sql, user, change.now).run()
            if let player = try await PlayerNames.summary(of: user, on: change.sql) {
                change.log(.presenceChanged(OnlinePlayer(player: player, status: .offline)), to: [.presence])
            }
        }
    }

    /// Confirms that this process's sockets are still connected: one row for the process,
    /// however many sockets it holds.
    package func confirmConnections() async throws {
        try await store.change { change in
            try await Self.processConfirmed.on(change.sql, change.context.processID, change.now).run()
        }
    }

    private static let processConfirmed = FixedStatement("""
        INSERT INTO server_processes (process_id, seen_at) VALUES ($1, $2)
        ON CONFLICT (process_id) DO UPDATE SET seen_at = excluded.seen_at
        """)

    /// Clears the connections no process has confirmed for a while (their process
    /// stopped without closing them), as if each had closed; returns how many. A row's own
    /// `seen_at` is when it was made, or when a process of an earlier version, which
    /// confirms each row, last did; so a connection is stale when that is old and its
    /// process has not confirmed itself either.
    package func clearStale() async throws -> Int {
        let oldest = store.clock.now.addingTimeInterval(-3 * store.context.configuration.housekeepingInterval)
        let stale = try await Self.staleConnections.on(store.sql, oldest).all()
            .map { try $0.decode(column: "connection_id", as: UUID.self) }
        for connection in stale {
            try await Watchers(store: store).remove(connection)
            try await leave(connection)
        }
        try await store.change { change in try await Self.stoppedProcesses.on(change.sql, oldest).run() }
        return stale.count
    }

    private static let staleConnections = FixedStatement("""
        SELECT connection_id FROM presence WHERE seen_at < $1
        AND process_id NOT IN (SELECT process_id FROM server_processes WHERE seen_at >= $1)
        """)
    private static let stoppedProcesses = FixedStatement("DELETE FROM server_processes WHERE seen_at < $1")
}
