import Fluent
import SQLKit

/// Reads through PostgreSQL's pool, each under the deadline a transaction has
/// (`TransactionDeadline`): a read written to a connection that closed a moment before (a
/// failover) is never answered by PostgresNIO, and would hold its request, and a pool
/// connection, until the client gave up. Past `databaseWait` its connection is closed and
/// it is answered `database_unavailable`, which clients send again.
struct PostgresReadDeadline: WrappingSQLDatabase {
    /// The pool's database.
    let database: any Database
    let limit: Duration

    var wrapped: any SQLDatabase { database.sql }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let limit = limit
        try await database.withConnection { connection in
            try await TransactionDeadline.run(within: limit, on: connection, what: "a read") {
                try await connection.sql.execute(sql: query, onRow)
            }
        }
    }
}
