import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Vapor

package enum DatabaseSetup {
    /// Points the application at its database; on PostgreSQL, also starts relaying other
    /// processes' events to `bus`.
    package static func configure(_ app: Application, _ configuration: ServerConfiguration, bus: EventBus) async throws {
        let wait = TimeAmount(configuration.databaseWait)
        switch configuration.storage {
        case .sqlite(let path):
            try DataFile.prepare(path: path)
            app.databases.use(.sqlite(.file(path), connectionPoolTimeout: wait, sqlLogLevel: .trace), as: .sqlite)
        case .postgres(let url):
            let postgres = try SQLPostgresConfiguration(url: url)
            // Each of the shared group's event loops has its share of connections.
            let poolUse = DatabasePoolUse(size: ProcessorCores.sharedEventLoops * configuration.postgresConnectionsPerLoop)
            app.databasePoolUse = poolUse
            var pool = postgres
            pool.coreConfiguration.options.additionalStartupParameters.append(("application_name", poolUse.applicationName))
            app.databases.use(.postgres(configuration: pool, maxConnectionsPerEventLoop: configuration.postgresConnectionsPerLoop,
                                        connectionPoolTimeout: wait, sqlLogLevel: .trace), as: .psql)
            if let standby = configuration.standbyURL {
                // Reads only, and few of them: two connections a loop.
                app.databases.use(.postgres(configuration: try SQLPostgresConfiguration(url: standby), maxConnectionsPerEventLoop: 2,
                                            connectionPoolTimeout: wait, sqlLogLevel: .trace), as: .standby, isDefault: false)
            }
            // The relay's LISTEN connection keeps the URL's own name: it is not the pool's.
            let relay = PostgresEventRelay(configuration: postgres.coreConfiguration, bus: bus, logger: app.logger)
            relay.start()
            // It stops listening before the database closes.
            app.lifecycle.use(AtShutdown { await relay.stop() })
        }
    }
}
