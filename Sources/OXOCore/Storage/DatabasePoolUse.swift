import Foundation
import SQLKit
import Vapor

/// How much of this process's PostgreSQL pool is in use, asked of PostgreSQL itself each time
/// `/metrics` is read, since Fluent's pool does not tell. The pool's connections carry a name
/// of this process's own (`application_name`), so `pg_stat_activity` tells them apart from
/// other nodes' (and from this process's LISTEN connection, which is not the pool's).
package struct DatabasePoolUse: Sendable {
    /// Unique to the process: its id and a random part, for processes on several machines.
    let applicationName = "oxo-\(ProcessInfo.processInfo.processIdentifier)-\(UUID.random().uuidString.prefix(8).lowercased())"
    /// The most connections the pool opens.
    let size: Int

    /// Records the pool's connections open and busy (in a statement or a transaction); the
    /// connection that asks is busy with the asking and is not counted.
    package func record(on database: any SQLDatabase) async {
        struct Counts: Decodable {
            let open: Int
            let busy: Int
            let synchronous: Bool
        }
        guard let counts = try? await database.raw("""
            SELECT count(*)::int AS open, count(*) FILTER (WHERE state <> 'idle')::int AS busy,
                current_setting('synchronous_standby_names') <> '' AS synchronous
            FROM pg_stat_activity WHERE application_name = \(bind: applicationName)
            """).first(decoding: Counts.self)
        else { return }
        ServerMetrics.databasePool(open: counts.open, busy: max(counts.busy - 1, 0), size: size)
        ServerMetrics.synchronousStandby(counts.synchronous)
    }
}

extension Application {
    private struct DatabasePoolUseKey: StorageKey {
        typealias Value = DatabasePoolUse
    }

    /// Set by `DatabaseSetup` on PostgreSQL; nil on SQLite, whose one writer and readers
    /// are not a pool to watch.
    package var databasePoolUse: DatabasePoolUse? {
        get { storage[DatabasePoolUseKey.self] }
        set { storage[DatabasePoolUseKey.self] = newValue }
    }
}
