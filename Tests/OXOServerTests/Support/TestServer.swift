import Foundation
import NIOConcurrencyHelpers
import NIOCore
import OXOCore
import OXOPlay
import OXOSocial
import OXOServer
import Vapor

/// The real application, listening on a free port of 127.0.0.1, on its own storage.
/// It can be stopped and started again on the same storage, as an operator would.
final class TestServer: Sendable {
    let app: Application
    private let stopped = NIOLockedValueBox(false)
    let configuration: ServerConfiguration
    let catalogueSource: (any CatalogueSource)?
    let baseURL: String

    private init(app: Application, configuration: ServerConfiguration, catalogueSource: (any CatalogueSource)?, baseURL: String) {
        self.app = app
        self.configuration = configuration
        self.catalogueSource = catalogueSource
        self.baseURL = baseURL
    }

    static func start(
        clock: ManualClock? = nil, storage: ServerConfiguration.Storage? = nil, port: Int = 0, logs: LogCapture? = nil,
        catalogue: Bool = false, catalogueSource: (any CatalogueSource)? = nil,
        adjust: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        var configuration = ServerConfiguration()
        // Hundreds of games imported at every start would weigh on the suites that run
        // many servers at once, PostgreSQL's above all; the catalogue's suites ask for them.
        configuration.importsEmbeddedCatalogue = catalogue
        configuration.port = port
        configuration.bcryptCost = 4
        configuration.computerSeed = 1
        configuration.socketPingInterval = 5
        configuration.registrationLimit = 10_000
        // Every client of a test comes from 127.0.0.1; the budget has a suite of its own.
        configuration.requestsPerAddress = 1_000_000
        // The suites run many servers at once against one PostgreSQL: two connections an
        // event loop, so that the timers' reads and the mail sender's claims never leave a
        // request waiting out the pool's timeout on a busy machine.
        configuration.postgresConnectionsPerLoop = 2
        // With many servers starting at once, PostgreSQL in CI took over 2 s to give a
        // new server its first connection; StorageTroubleTests check what readiness refuses.
        configuration.readinessTimeout = .seconds(30)
        if let clock { configuration.clock = clock.clock }
        if let storage {
            configuration.storage = storage
        } else {
            configuration.storage = try await TestStorage.fresh()
        }
        adjust(&configuration)
        return try await start(configuration, catalogueSource: catalogueSource, logs: logs)
    }

    /// Warnings and worse by default, so a failing test's lines are not lost among
    /// thousands of request lines; `OXO_TEST_LOG_LEVEL=info` (or `trace`) shows them all.
    private static let logLevel = ProcessInfo.processInfo.environment["OXO_TEST_LOG_LEVEL"]
        .flatMap(Logger.Level.init(rawValue:)) ?? .warning

    private static func start(
        _ configuration: ServerConfiguration, catalogueSource: (any CatalogueSource)?, logs: LogCapture? = nil
    ) async throws -> TestServer {
        let app = try await Application.make(.testing)
        if let logs {
            app.logger = logs.logger(level: .trace)
        } else {
            app.logger.logLevel = Self.logLevel
        }
        do {
            try await configure(app, configuration, catalogueSource: catalogueSource)
            try await app.server.start(address: .hostname(configuration.host, port: configuration.port))
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        let port = app.http.server.shared.localAddress?.port ?? configuration.port
        return TestServer(app: app, configuration: configuration, catalogueSource: catalogueSource, baseURL: "http://127.0.0.1:\(port)")
    }

    var port: Int { Int(baseURL.split(separator: ":").last!)! }

    /// Stopping twice does nothing the second time: a test that restarts a server and
    /// fails in the start stops the old one again on its way out.
    func stop() async throws {
        guard stopped.withLockedValue({ stopped in defer { stopped = true }; return !stopped }) else { return }
        await closeRealtimeSockets(of: app)
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    /// Stops this server and starts a new one on the same storage and, unless told, the
    /// same port, with `adjust`'s changes to the configuration. A test whose clients need not find it again says so: with many servers
    /// starting at once, another may take the freed port in the meantime.
    func restarted(onSamePort: Bool = true, adjust: (inout ServerConfiguration) -> Void = { _ in }) async throws -> TestServer {
        try await stop()
        var configuration = self.configuration
        configuration.port = onSamePort ? port : 0
        adjust(&configuration)
        // Another test's server, asking for any free port, may be given this one the
        // moment it is let go; it frees it again when that test ends.
        let deadline = Date().addingTimeInterval(60)
        while true {
            do {
                return try await Self.start(configuration, catalogueSource: catalogueSource)
            } catch let error as IOError where error.errnoCode == EADDRINUSE && Date() < deadline {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }
}

/// Runs `body` against a fresh server and always stops it afterwards.
func withServer<T>(
    clock: ManualClock? = nil, logs: LogCapture? = nil, catalogue: Bool = false,
    catalogueSource: (any CatalogueSource)? = nil,
    adjust: (inout ServerConfiguration) -> Void = { _ in }, _ body: (TestServer) async throws -> T
) async throws -> T {
    try await ServerSlots.withSlot {
        try await withFreshServer(clock: clock, logs: logs, catalogue: catalogue, catalogueSource: catalogueSource, adjust: adjust, body)
    }
}

private func withFreshServer<T>(
    clock: ManualClock?, logs: LogCapture?, catalogue: Bool, catalogueSource: (any CatalogueSource)?,
    adjust: (inout ServerConfiguration) -> Void, _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(
        clock: clock, logs: logs, catalogue: catalogue, catalogueSource: catalogueSource, adjust: adjust)
    do {
        let result = try await body(server)
        try await server.stop()
        // Best effort: a server the test restarted and left running keeps its database.
        try? await TestStorage.remove(server.configuration.storage)
        return result
    } catch {
        try? await server.stop()
        try? await TestStorage.remove(server.configuration.storage)
        throw error
    }
}
