import Foundation
import Vapor

/// Runs the server until it is stopped (Ctrl-C or SIGTERM): what `oxo serve` does.
public enum ServerRunner {
    public static let logLevels = Logger.Level.allCases.map(\.rawValue)

    public static func run(_ configuration: ServerConfiguration, logLevel: String) async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = level
            return handler
        }
        // Vapor reads its own command line; ours is already parsed, so it gets none.
        let app = try await Application.make(Environment(name: "production", arguments: ["oxo"]))
        do {
            try await configure(app, configuration)
            app.logger.info("OXO listening", metadata: [
                "url": "http://\(configuration.host):\(configuration.port)", "storage": "\(configuration.storage.summary)",
            ])
            try await app.execute()
        } catch {
            app.logger.critical("OXO stopped", metadata: ["error": "\(error)"])
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
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
