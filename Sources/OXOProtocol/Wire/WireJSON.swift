import Foundation
import TicTacToe

/// The JSON of the messages a server sends most (a game, its events, the answer to a
/// move), written straight into bytes: exactly what `Wire.encoder` writes for them (keys
/// in snake_case and sorted, dates as ISO 8601 with milliseconds, no escaped slashes), at
/// a fraction of the cost, since a move's game is encoded for its event and for its
/// answer. The tests check the two agree byte for byte.
public struct WireJSON {
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(1024)
    }

    /// `value` as `Wire.encoder` would encode it: written here when it is one of the
    /// messages of `WireJSON+Messages.swift`, by the encoder otherwise.
    public static func encode(_ value: some Encodable) throws -> [UInt8] {
        guard let writable = value as? any WireJSONWritable else { return Array(try Wire.encoder.encode(value)) }
        var json = WireJSON()
        try writable.write(to: &json)
        return json.bytes
    }

    public static func string(_ value: some Encodable) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }

    /// The socket message that tells of a stored event, around the event's JSON as it was
    /// stored (`payload`): what the encoder writes for `ServerMessage.event`, without
    /// decoding the event only to encode it again. Bytes, since they go to the sockets as they are.
    public static func eventMessage(topic: Topic, seq: Int, payload: String) -> [UInt8] {
        var json = WireJSON()
        json.object { json in
            json.field("event") { $0.bytes += payload.utf8 }
            json.number("seq", seq)
            json.string("topic", topic.description)
            json.string("type", "event")
        }
        return json.bytes
    }

    /// Whether the object being written has a field already.
    private var hasField = false

    mutating func object(_ body: (inout WireJSON) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        let outer = hasField
        hasField = false
        body(&self)
        hasField = outer
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func array<Element>(_ elements: [Element], _ write: (Element, inout WireJSON) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(element, &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0..<0x20:
                bytes += Array("\\u00".utf8) + [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// JSON written before, such as a game's view kept by `SharedGameJSON`.
    mutating func append(written: [UInt8]) {
        bytes += written
    }

    /// What the encoder writes for `value`, for the rarer messages written no faster here.
    mutating func appendEncoding(of value: some Encodable) throws {
        bytes += try Wire.encoder.encode(value)
    }

    /// Written digit by digit: no string or array is made on the way (each would be an
    /// allocation in a debug build, where the CI counts them).
    mutating func number(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }

    mutating func bool(_ value: Bool) {
        append(ascii: value ? "true" : "false")
    }

    private mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func date(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        WireDate.append(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// A field of the object being written. The caller gives the fields in sorted
    /// order, as `Wire.encoder` sorts them.
    mutating func field(_ name: StaticString, _ write: (inout WireJSON) -> Void) {
        if hasField { bytes.append(UInt8(ascii: ",")) }
        hasField = true
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        write(&self)
    }

    /// A field written only when it has a value, as the encoder leaves out nil.
    mutating func field<Value>(_ name: StaticString, ifPresent value: Value?, _ write: (Value, inout WireJSON) -> Void) {
        guard let value else { return }
        field(name) { write(value, &$0) }
    }

    mutating func string(_ name: StaticString, _ value: String) { field(name) { $0.string(value) } }
    mutating func number(_ name: StaticString, _ value: Int) { field(name) { $0.number(value) } }
}
