import Foundation

/// The few fields of a server message that the load generator acts on. Decoding every
/// game view in full, dates and all, would spend CPU that the server on the same machine
/// needs; the rest of each message is skipped.
struct BenchMessage: Decodable, Sendable {
    let type: String
    let id: String?
    let seq: Int?
    let event: Event?
    let snapshot: Snapshot?
    let error: Failure?

    struct Event: Decodable, Sendable {
        let kind: String
        /// Absent on the inbox's events about other things (a stored notification, say).
        let game: Game?
    }

    /// A game topic's state, sent when a socket starts following it.
    struct Snapshot: Decodable, Sendable {
        let game: Game?
    }

    struct Game: Decodable, Sendable {
        let id: String
        /// Nine characters, "X", "O" or "." for an empty cell.
        let board: String
        let phase: String

        var moveCount: Int { board.utf8.count(where: { $0 != UInt8(ascii: ".") }) }
        var emptyCells: [Int] { board.utf8.enumerated().filter { $0.element == UInt8(ascii: ".") }.map(\.offset) }
    }

    struct Failure: Decodable, Sendable {
        let code: String
        let message: String
    }

    static func decode(_ text: String) throws -> BenchMessage {
        try JSONDecoder().decode(BenchMessage.self, from: Data(text.utf8))
    }
}
