import Foundation
import OXOCore
import OXOServer
import Testing
import Vapor

/// The real application in this process, on a fresh SQLite file, as `oxo serve` builds it,
/// with every timer that is not part of a move pushed out of the measurement.
final class InProcessServer: Sendable {
    let app: Application
    let baseURL: URL
    private let folder: URL

    private init(app: Application, baseURL: URL, folder: URL) {
        self.app = app
        self.baseURL = baseURL
        self.folder = folder
    }

    private static func start() async throws -> InProcessServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-allocations-\(UUID().uuidString)")
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.storage = .sqlite(path: folder.appendingPathComponent("oxo.sqlite").path)
        configuration.importsEmbeddedCatalogue = false
        configuration.bcryptCost = 4
        configuration.computerSeed = 1
        // A subscription to each game's topic, game after game, is far more than a person makes.
        configuration.socketSubscriptionLimit = 1_000_000
        configuration.requestsPerAddress = 1_000_000
        // The timers' work (clocks, housekeeping, outboxes, pings) would land in one
        // measured block and not the next; none of it is part of a move.
        let hour: TimeInterval = 3600
        configuration.clockCheckInterval = hour
        configuration.housekeepingInterval = hour
        configuration.mailPollInterval = hour
        configuration.pushPollInterval = hour
        configuration.socketPingInterval = hour

        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        do {
            try await configure(app, configuration)
            try await app.server.start(address: .hostname(configuration.host, port: configuration.port))
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        let port = try #require(app.http.server.shared.localAddress?.port)
        return InProcessServer(app: app, baseURL: URL(string: "http://127.0.0.1:\(port)")!, folder: folder)
    }

    /// Runs `body` against a fresh server and always stops it afterwards.
    static func with<T>(_ body: (InProcessServer) async throws -> T) async throws -> T {
        let server = try await start()
        let result: Result<T, any Error>
        do {
            result = .success(try await body(server))
        } catch {
            result = .failure(error)
        }
        try await server.stop()
        return try result.get()
    }

    private func stop() async throws {
        await closeRealtimeSockets(of: app)
        await app.server.shutdown()
        try await app.asyncShutdown()
        try? FileManager.default.removeItem(at: folder)
    }
}
