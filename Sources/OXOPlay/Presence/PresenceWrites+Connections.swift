import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// The sockets that come and go, and the server processes that hold them.
extension PresenceWrites {
    /// Records the socket `connection` of `user`, held by this process.
    func connect(_ connection: UUID, of user: UUID) async throws {
        try await Self.connected.on(sql, connection, user, context.processID, now, now).run()
    }

    func disconnect(_ connection: UUID) async throws {
        try await Self.disconnected.on(sql, connection).run()
    }

    /// Keeps now as when the last client of `user` went.
    func keepLastSeen(of user: UUID) async throws {
        try await Self.lastSeenKept.on(sql, user, now).run()
    }

    /// Tells everyone following presence that `user` went offline.
    func announceOffline(_ user: UUID) async throws {
        if let player = try await PlayerNames.summary(of: user, on: sql) {
            log(.presenceChanged(OnlinePlayer(player: player, status: .offline)), to: [.presence])
        }
    }

    // Written once: every socket that opens or closes runs them, thousands at once when a
    // restart or a network's blip takes them all away and brings them back.
    private static let connected = FixedStatement(
        "INSERT INTO presence (connection_id, user_id, process_id, connected_at, seen_at) VALUES ($1, $2, $3, $4, $5)")
    private static let disconnected = FixedStatement("DELETE FROM presence WHERE connection_id = $1")
    private static let lastSeenKept = FixedStatement(
        "INSERT INTO last_seen (user_id, seen_at) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET seen_at = excluded.seen_at")

    /// Confirms that this process's sockets are still connected: one row for the process,
    /// however many sockets it holds.
    func confirmProcess() async throws {
        try await Self.processConfirmed.on(sql, context.processID, now).run()
    }

    /// Forgets the processes that have not confirmed themselves since `oldest`.
    func forgetProcesses(seenBefore oldest: Date) async throws {
        try await Self.stoppedProcesses.on(sql, oldest).run()
    }

    private static let processConfirmed = FixedStatement("""
        INSERT INTO server_processes (process_id, seen_at) VALUES ($1, $2)
        ON CONFLICT (process_id) DO UPDATE SET seen_at = excluded.seen_at
        """)
    private static let stoppedProcesses = FixedStatement("DELETE FROM server_processes WHERE seen_at < $1")
}
