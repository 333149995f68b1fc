import Logging

/// Wraps the application's log handler, blanks bearer tokens out of every line and
/// escapes control characters. Vapor's HTTP decoder logs whole request heads at trace
/// level, `Authorization` headers and `?token=` included; an operator who turns tracing
/// on must not find sign-in tokens in the log. Request paths are logged decoded, so a
/// `%0d%0a` in one would otherwise start a forged line of its own.
package struct RedactingLogHandler: LogHandler {
    var wrapped: any LogHandler

    package init(wrapped: any LogHandler) {
        self.wrapped = wrapped
    }

    package var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    package var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    package func log(event: LogEvent) {
        var event = event
        event.message = "\(Self.cleaned(event.message.description))"
        event.metadata = event.metadata?.mapValues { value in
            if case .string(let text) = value { return .string(Self.cleaned(text)) }
            if case .stringConvertible(let text) = value { return .string(Self.cleaned(text.description)) }
            return value
        }
        wrapped.log(event: event)
    }

    static func cleaned(_ text: String) -> String {
        escaped(redacted(text))
    }

    /// The scheme's name and the query item are matched in any case: `bearer` and
    /// `BEARER` are the same scheme to the server.
    static func redacted(_ text: String) -> String {
        let lowered = text.lowercased()
        guard lowered.contains("bearer") || lowered.contains("token=") else {
            return text
        }
        return text
            .replacing(/(?i)bearer[ \t]+[A-Za-z0-9._~+\/=-]+/, with: "Bearer <redacted>")
            .replacing(/(?i)token=[^&\s"]+/, with: "token=<redacted>")
    }

    /// Control characters (and the Unicode line and paragraph separators) written as
    /// escapes, so that one log event stays one line whatever a client sent.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
