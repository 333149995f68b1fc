import Foundation
import TicTacToe

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
        /// One character a cell of the whole grid, "X", "O" or "." for an empty cell.
        let board: String
        let phase: String
        /// Ultimate's: the small board to play in (absent when any open one will do), and
        /// each small board's state ("." while open).
        let activeBoard: Int?
        let smallBoards: String?

        enum CodingKeys: String, CodingKey {
            case id, board, phase
            case activeBoard = "active_board", smallBoards = "small_boards"
        }

        var moveCount: Int { board.utf8.count(where: { $0 != UInt8(ascii: ".") }) }

        /// The cells the player to move may play: the empty ones, in Ultimate only those
        /// of an open small board, the one the player was sent to when there is one.
        var legalCells: [Int] {
            let empty = board.utf8.enumerated().filter { $0.element == UInt8(ascii: ".") }.map(\.offset)
            guard let smallBoards else { return empty }
            let open = smallBoards.utf8.map { $0 == UInt8(ascii: ".") }
            return empty.filter { cell in
                let small = UltimateGrid.smallBoard(of: cell)
                return open[small] && (activeBoard == nil || activeBoard == small)
            }
        }
    }

    struct Failure: Decodable, Sendable {
        let code: String
        let message: String
    }

    static func decode(_ text: String) throws -> BenchMessage {
        try JSONDecoder().decode(BenchMessage.self, from: Data(text.utf8))
    }
}
