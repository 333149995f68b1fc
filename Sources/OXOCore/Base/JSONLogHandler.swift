import Foundation
import Logging

/// How `oxo serve` writes its log: lines of text for people, or JSON for log shippers.
public enum LogFormat: String, CaseIterable, Sendable {
    case text, json
}

/// Writes each log event as one JSON object on one line: `time` (ISO 8601, UTC, with
/// milliseconds), `level`, `label`, `message`, `request_id` and `user_id` when the event
/// has them, and the rest of its metadata under `metadata`. It is wrapped, like the text
/// handler, in `RedactingLogHandler`, so tokens are blanked before they get here; JSON's
/// own escaping keeps any control character a client sent inside its string.
package struct JSONLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String
    private let write: @Sendable (String) -> Void

    /// `write` takes a whole line with its newline; by default standard output, in one
    /// write, so lines from several threads never interleave.
    package init(label: String, write: @escaping @Sendable (String) -> Void = Self.standardOutput) {
        self.label = label
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var rest = metadata.merging(event.metadata ?? [:]) { $1 }
        var line: [String: JSONValue] = [
            "time": .string(Date().formatted(Self.time)), "level": .string(event.level.rawValue),
            "label": .string(label), "message": .string(event.message.description),
        ]
        for (key, field) in [("request-id", "request_id"), ("user-id", "user_id"), ("user", "user_id")] {
            if let value = rest.removeValue(forKey: key) { line[field] = .string("\(value)") }
        }
        if !rest.isEmpty { line["metadata"] = .object(rest.mapValues(JSONValue.init)) }
        guard let data = try? Self.encoder.encode(line) else { return }
        write(String(decoding: data, as: UTF8.self) + "\n")
    }

    private static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    package static let standardOutput: @Sendable (String) -> Void = { line in
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}

/// A metadata value as JSON: strings stay strings, lists and dictionaries nest.
private enum JSONValue: Encodable {
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(_ value: Logger.MetadataValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .stringConvertible(let text): self = .string(text.description)
        case .array(let values): self = .array(values.map(JSONValue.init))
        case .dictionary(let values): self = .object(values.mapValues(JSONValue.init))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }
}
