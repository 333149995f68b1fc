import Fluent
import FluentPostgresDriver
import SQLKit

extension Database {
    /// Runs `body` in a PostgreSQL transaction on one connection. Two transactions that
    /// lock the same rows in a different order (two players' inboxes, say) can deadlock;
    /// the one PostgreSQL aborts is run again, up to `attempts` times in all. (SQLite's
    /// changes go through `GroupCommit`.) Each attempt that is not over within `limit` is
    /// abandoned (`TransactionDeadline`).
    func writeTransaction<T: Sendable>(
        within limit: Duration, attempts: Int, _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        for attempt in 1..<attempts {
            do {
                return try await attemptTransaction(within: limit, body)
            } catch let error as PSQLError where error.isTransient {
                let state = error.serverInfo?[.sqlState] ?? ""
                ServerMetrics.transactionRetried(sqlState: state)
                logger.warning("transaction aborted by PostgreSQL, run again",
                               metadata: ["sql_state": "\(state)", "attempt": "\(attempt)"])
            }
        }
        return try await attemptTransaction(within: limit, body)
    }

    private func attemptTransaction<T: Sendable>(
        within limit: Duration, _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        try await withConnection { connection in
            // On the connection's loop (`TransactionDeadline`), where each statement's answer arrives.
            try await TransactionDeadline.run(within: limit, on: connection) {
                let sql = connection.sql
                try await sql.raw("BEGIN").run()
                do {
                    let result = try await body(connection)
                    try await sql.raw("COMMIT").run()
                    return result
                } catch {
                    // A connection lost under the transaction ended it (PostgreSQL rolls back
                    // a session that ends), and a ROLLBACK sent on it would never be answered:
                    // PostgresNIO drops a statement written to a closed channel without failing
                    // it (1.33.2), and the group, with every change in it and every socket
                    // whose move is one of them, would wait for ever. So the connection is
                    // closed instead, which also ends the transaction of one still open to a
                    // server that cannot take writes (a standby, 25006): left in the pool
                    // with its transaction aborted, it failed every later change (25P02).
                    if DatabaseUnavailable.recognises((error as? ChangeFailure)?.error ?? error) {
                        _ = (connection as? any PostgresDatabase)?.withConnection { $0.close() }
                    } else {
                        try? await sql.raw("ROLLBACK").run()
                    }
                    throw error
                }
            }
        }
    }
}

extension PSQLError {
    /// A deadlock or a serialisation failure: nothing was changed, and trying again works.
    var isTransient: Bool {
        let state = serverInfo?[.sqlState]
        return state == PostgresError.Code.deadlockDetected.raw || state == PostgresError.Code.serializationFailure.raw
    }
}
