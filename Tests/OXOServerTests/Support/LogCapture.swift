import Logging
import NIOConcurrencyHelpers
@testable import OXOCore

/// Keeps every line the server logs, metadata included, for tests that read the log;
/// with `json`, the lines `oxo serve --log-format json` writes.
final class LogCapture: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    private let json: Bool

    init(json: Bool = false) {
        self.json = json
    }

    var text: String { lines.withLockedValue { $0.joined(separator: "\n") } }

    func logger(level: Logger.Level) -> Logger {
        var logger = Logger(label: "oxo.test") { [self] label in
            json ? JSONLogHandler(label: label) { self.append(String($0.dropLast())) } as any LogHandler : Handler(capture: self)
        }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ line: String) { lines.withLockedValue { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append("\(event.level) \(event.message) \(all) \(event.source)")
        }
    }
}
