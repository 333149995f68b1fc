import Foundation
import OXOProtocol
import TicTacToe

/// Values the tests share, made plainly rather than decoded, so a test says what it expects.
enum Fixtures {
    static let server = URL(string: "http://127.0.0.1:8080")!
    static let gameID = GameID("6f1c2d3e-4a5b-4c6d-8e7f-001122334455")!
    static let sessionID = SessionID("0a1b2c3d-4e5f-4a6b-8c7d-8e9f00112233")!
    static let alice = PlayerSummary(id: UserID("11111111-2222-4333-8444-555555555555")!, username: "alice", displayName: "Alice",
                                     avatar: "/v1/avatars/stock.svg?name=Alice&seed=alice")

    static func game(moves: Int = 0) -> GameView {
        let cells = Array(0..<moves)
        let records = cells.enumerated().map { index, cell in
            MoveRecord(number: index + 1, cell: cell, mark: index.isMultiple(of: 2) ? .x : .o, playedAt: Date(timeIntervalSince1970: 0))
        }
        let board = Grid((0..<9).map { cell in cells.firstIndex(of: cell).map { $0.isMultiple(of: 2) ? .x : .o } })
        return GameView(id: gameID, code: "K7QX3M", mode: .online, listed: true, phase: .live,
                        x: Seat(player: alice), o: nil, moves: records, board: board,
                        turn: moves.isMultiple(of: 2) ? .x : .o, result: nil, watchers: 0,
                        createdAt: Date(timeIntervalSince1970: 0))
    }

    static func json(_ value: some Encodable) throws -> Data {
        try Wire.encoder.encode(value)
    }
}
