import Logging

/// Wraps the application's log handler and blanks bearer tokens out of every line.
/// Vapor's HTTP decoder logs whole request heads at trace level, `Authorization`
/// headers and `?token=` included; an operator who turns tracing on must not find
/// sign-in tokens in the log.
struct RedactingLogHandler: LogHandler {
    var wrapped: any LogHandler

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(Self.redacted(event.message.description))"
        event.metadata = event.metadata?.mapValues { value in
            if case .string(let text) = value { return .string(Self.redacted(text)) }
            if case .stringConvertible(let text) = value { return .string(Self.redacted(text.description)) }
            return value
        }
        wrapped.log(event: event)
    }

    static func redacted(_ text: String) -> String {
        guard text.contains("Bearer") || text.contains("token=") else { return text }
        return text
            .replacing(/Bearer [A-Za-z0-9._~+\/=-]+/, with: "Bearer <redacted>")
            .replacing(/token=[^&\s"]+/, with: "token=<redacted>")
    }
}
