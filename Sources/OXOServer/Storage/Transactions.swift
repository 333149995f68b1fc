import Fluent
import FluentPostgresDriver
import SQLKit

extension Database {
    /// Runs `body` in a write transaction on one connection. On SQLite the transaction
    /// takes the write lock at once (`BEGIN IMMEDIATE`), so two connections never
    /// deadlock upgrading a read to a write; and it sets the commit's durability, which
    /// SQLite keeps per connection. On PostgreSQL, two transactions that lock the same
    /// rows in a different order (two players' inboxes, say) can deadlock; the one
    /// PostgreSQL aborts is run again.
    func writeTransaction<T: Sendable>(
        durability: ServerConfiguration.Durability,
        _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        for _ in 1..<5 {
            do {
                return try await attemptTransaction(durability: durability, body)
            } catch let error as PSQLError where error.isTransient {
                continue
            }
        }
        return try await attemptTransaction(durability: durability, body)
    }

    private func attemptTransaction<T: Sendable>(
        durability: ServerConfiguration.Durability,
        _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        try await withConnection { connection in
            let sql = connection.sql
            if connection.isSQLite {
                try await sql.raw("PRAGMA synchronous = \(unsafeRaw: durability.rawValue.uppercased())").run()
                try await sql.raw("BEGIN IMMEDIATE").run()
            } else {
                try await sql.raw("BEGIN").run()
            }
            do {
                let result = try await body(connection)
                try await sql.raw("COMMIT").run()
                return result
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
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
