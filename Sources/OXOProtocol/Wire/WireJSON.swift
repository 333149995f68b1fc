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
    /// messages below, by the encoder otherwise.
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

    /// What the encoder writes for `value`, for the rarer messages written no faster here.
    mutating func appendEncoding(of value: some Encodable) throws {
        bytes += try Wire.encoder.encode(value)
    }

    mutating func number(_ value: Int) {
        bytes += Array(String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        bytes += Array((value ? "true" : "false").utf8)
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
        bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
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

/// A message `WireJSON` writes itself.
protocol WireJSONWritable {
    func write(to json: inout WireJSON) throws
}

extension GameView: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("active_board", ifPresent: activeBoard) { $1.number($0) }
            json.field("away", ifPresent: away) { away, json in json.array(away) { $0.write(to: &$1) } }
            json.string("board", board.description)
            json.field("clock", ifPresent: clock) { $0.write(to: &$1) }
            json.string("code", code)
            json.field("created_at") { $0.date(createdAt) }
            json.field("deadline", ifPresent: deadline) { $1.date($0) }
            json.string("id", id.description)
            json.field("listed") { $0.bool(listed) }
            json.string("mode", mode.rawValue)
            json.field("moves") { $0.array(moves) { $0.write(to: &$1) } }
            json.field("o", ifPresent: o) { $0.write(to: &$1) }
            json.string("phase", phase.rawValue)
            json.field("rematch", ifPresent: rematch) { $0.write(to: &$1) }
            json.field("result", ifPresent: result) { $0.write(to: &$1) }
            json.field("small_boards", ifPresent: smallBoards) { $1.string($0) }
            json.field("time_control", ifPresent: timeControl) { $0.write(to: &$1) }
            json.field("turn", ifPresent: turn) { $1.string($0.rawValue) }
            json.string("variant", variant.rawValue)
            json.number("watchers", watchers)
            json.field("x", ifPresent: x) { $0.write(to: &$1) }
        }
    }
}

extension Seat: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("computer", ifPresent: computer) { $1.string($0.rawValue) }
            json.field("player", ifPresent: player) { $0.write(to: &$1) }
        }
    }
}

extension PlayerSummary: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.string("avatar", avatar)
            json.field("bot", ifPresent: bot ? true : nil) { $1.bool($0) }
            json.string("display_name", displayName)
            json.string("id", id.description)
            json.string("username", username)
        }
    }
}

extension OnlinePlayer: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("player") { player.write(to: &$0) }
            json.string("status", status.rawValue)
        }
    }
}

extension MoveRecord: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.number("cell", cell)
            json.string("mark", mark.rawValue)
            json.number("number", number)
            json.field("played_at") { $0.date(playedAt) }
        }
    }
}

extension GameResult: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("line", ifPresent: line) { line, json in json.array(line) { $1.number($0) } }
            json.string("reason", reason.rawValue)
            json.field("winner", ifPresent: winner) { $1.string($0.rawValue) }
        }
    }
}

extension Absence: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("claimable_at") { $0.date(claimableAt) }
            json.string("mark", mark.rawValue)
            json.field("since") { $0.date(since) }
        }
    }
}

extension TimeControl: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("days_per_move", ifPresent: daysPerMove) { $1.number($0) }
            json.field("increment_seconds", ifPresent: incrementSeconds) { $1.number($0) }
            json.field("initial_seconds", ifPresent: initialSeconds) { $1.number($0) }
            json.string("kind", kind.rawValue)
        }
    }
}

extension GameClock: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("measured_at") { $0.date(measuredAt) }
            json.number("o_ms", oMs)
            json.field("running", ifPresent: running) { $1.string($0.rawValue) }
            json.number("x_ms", xMs)
        }
    }
}

extension Rematch: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("game", ifPresent: game) { $1.string($0.description) }
            json.field("offered_by") { $0.array(offeredBy) { $1.string($0.rawValue) } }
        }
    }
}

extension TopicEvent: WireJSONWritable {
    /// Game events, notifications (a "your turn" for nearly every move) and presence (every
    /// player who comes or goes) are written here; challenges and the others, rarer, by the
    /// encoder.
    func write(to json: inout WireJSON) throws {
        if let game {
            json.object { json in
                json.field("game") { game.write(to: &$0) }
                json.string("kind", kind.rawValue)
            }
        } else if let notification {
            json.object { json in
                json.string("kind", kind.rawValue)
                json.field("notification") { notification.write(to: &$0) }
            }
        } else if let presence {
            json.object { json in
                json.string("kind", kind.rawValue)
                json.field("presence") { presence.write(to: &$0) }
            }
        } else {
            try json.appendEncoding(of: self)
        }
    }
}

extension InboxNotification: WireJSONWritable {
    func write(to json: inout WireJSON) {
        json.object { json in
            json.field("actor", ifPresent: actor) { $0.write(to: &$1) }
            json.field("challenge", ifPresent: challenge) { $1.string($0.description) }
            json.field("created_at") { $0.date(createdAt) }
            json.field("game", ifPresent: game) { $1.string($0.description) }
            json.string("id", id.description)
            json.string("kind", kind.rawValue)
            json.field("previous_display_name", ifPresent: previousDisplayName) { $1.string($0) }
            json.field("read") { $0.bool(read) }
        }
    }
}

extension ServerMessage: WireJSONWritable {
    /// Answers and welcomes (every socket that opens, thousands at once after a restart)
    /// are written here; everything else, rarer, by the encoder.
    func write(to json: inout WireJSON) throws {
        switch self {
        case .ack(let id, let game, let seq):
            json.object { json in
                json.field("game", ifPresent: game) { $0.write(to: &$1) }
                json.field("id", ifPresent: id) { $1.string($0) }
                json.field("seq", ifPresent: seq) { $1.number($0) }
                json.string("type", "ack")
            }
        case .welcome(let user):
            json.object { json in
                json.string("type", "welcome")
                json.field("user") { user.write(to: &$0) }
            }
        default:
            try json.appendEncoding(of: self)
        }
    }
}
