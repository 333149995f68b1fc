import Foundation
import TicTacToe

// The messages `WireJSON` writes itself, member by member in the order JSONEncoder sorts
// them, so that its text is the encoder's (`WireJSONTests` holds them equal).

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
                json.field("game") { $0.game(game) }
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
                json.field("game", ifPresent: game) { $1.game($0) }
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
