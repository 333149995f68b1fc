import Foundation
import OXOCore
import Vapor

/// Runs the server until it is stopped (Ctrl-C or SIGTERM): what `oxo serve` does.
/// Stopping is `GracefulStop`.
public enum ServerRunner {
    public static let logLevels = Logger.Level.allCases.map(\.rawValue)

    /// `testClock`, for tests only, replaces the configuration's clock with one that moves
    /// only when `POST /v1/admin/clock` says.
    public static func run(_ configuration: ServerConfiguration, testClock: TestClock? = nil, logLevel: String,
                           logFormat: LogFormat = .text) async throws {
        var configuration = configuration
        if let testClock { configuration.clock = testClock.clock }
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = switch logFormat {
            case .text: StreamLogHandler.standardOutput(label: label)
            case .json: JSONLogHandler(label: label)
            }
            handler.logLevel = level
            return handler
        }
        let openFiles = OpenFileLimit.raise()
        ProcessorCores.sizeSharedEventLoops()
        // Vapor reads its own command line; ours is already parsed, so it gets none.
        let app = try await Application.make(Environment(name: "production", arguments: ["oxo"]))
        app.testClock = testClock
        do {
            if let testClock {
                app.logger.critical("this server runs on a test clock: its time stands still and moves only by POST /v1/admin/clock. For tests only: never let players on it.",
                                    metadata: ["test_clock": "\(testClock.clock.now)"])
            }
            try await configure(app, configuration)
            try await app.server.start(address: .hostname(configuration.host, port: configuration.port))
            // With port 0 the kernel picks one: the line names the port actually bound.
            let port = app.http.server.shared.localAddress?.port ?? configuration.port
            app.logger.info("OXO listening", metadata: [
                "url": "http://\(configuration.host):\(port)", "storage": "\(configuration.storage.summary)",
                "open_files": "\(openFiles)", "event_loops": "\(ProcessorCores.sharedEventLoops)",
            ].merging(app.metricsPort.map { ["metrics_url": "http://127.0.0.1:\($0)/metrics"] } ?? [:]) { $1 })
        } catch {
            app.logger.critical("OXO stopped", metadata: ["error": "\(error)"])
            try await app.asyncShutdown()
            throw error
        }
        let signal = await stopSignal()
        try await GracefulStop.run(app, signal: signal, timeout: configuration.shutdownTimeout)
    }
}

/// Waits for SIGINT or SIGTERM and returns its name.
private func stopSignal() async -> String {
    let (signals, continuation) = AsyncStream.makeStream(of: String.self)
    let sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { continuation.yield(name) }
        source.resume()
        return source
    }
    defer { sources.forEach { $0.cancel() } }
    for await name in signals { return name }
    return "end"
}

extension ServerConfiguration.Storage {
    /// Where the data lives, without any password from a database URL.
    public var summary: String {
        switch self {
        case .sqlite(let path): "sqlite \(path)"
        case .postgres(let url):
            "postgres " + (URL(string: url).map { "\($0.host ?? "")\($0.port.map { ":\($0)" } ?? "")\($0.path)" } ?? "")
        }
    }
}
