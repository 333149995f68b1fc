import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Vapor

enum DatabaseSetup {
    /// Points the application at its database and prepares the schema.
    static func configure(_ app: Application, _ configuration: ServerConfiguration) async throws {
        switch configuration.storage {
        case .sqlite(let path):
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            app.databases.use(.sqlite(.file(path), sqlLogLevel: .trace), as: .sqlite)
        case .postgres(let url):
            let postgres = try SQLPostgresConfiguration(url: url)
            app.databases.use(.postgres(configuration: postgres, maxConnectionsPerEventLoop: configuration.postgresConnectionsPerLoop,
                                        sqlLogLevel: .trace), as: .psql)
            let relay = PostgresEventRelay(
                configuration: postgres.coreConfiguration, database: app.db, bus: app.oxo.bus, logger: app.logger)
            relay.start()
            app.lifecycle.use(PostgresEventRelayShutdown(relay: relay))
        }
        if case .sqlite = configuration.storage {
            // WAL lets readers and the writer work at once; it is a property of the file,
            // so setting it once is enough.
            _ = try await (app.db as! any SQLDatabase).raw("PRAGMA journal_mode = WAL").all()
        }
        Migrations.register(in: app)
        try await app.autoMigrate()
    }
}

extension Database {
    var sql: any SQLDatabase { self as! any SQLDatabase }

    var isSQLite: Bool { sql.dialect.name == "sqlite" }

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
