import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Vapor

package enum DatabaseSetup {
    /// Points the application at its database; on PostgreSQL, also starts relaying other
    /// processes' events to `bus`.
    package static func configure(_ app: Application, _ configuration: ServerConfiguration, bus: EventBus) async throws {
        switch configuration.storage {
        case .sqlite(let path):
            try DataFile.prepare(path: path)
            app.databases.use(.sqlite(.file(path), sqlLogLevel: .trace), as: .sqlite)
        case .postgres(let url):
            let postgres = try SQLPostgresConfiguration(url: url)
            app.databases.use(.postgres(configuration: postgres, maxConnectionsPerEventLoop: configuration.postgresConnectionsPerLoop,
                                        sqlLogLevel: .trace), as: .psql)
            let relay = PostgresEventRelay(
                configuration: postgres.coreConfiguration, database: app.db.sql, bus: bus, logger: app.logger)
            relay.start()
            app.lifecycle.use(PostgresEventRelayShutdown(relay: relay))
        }
    }
}
