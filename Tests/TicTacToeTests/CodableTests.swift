import Foundation
import Testing
import TicTacToe

@Suite("Codable")
struct CodableTests {
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> String {
        let data = try JSONEncoder.sorted.encode(value)
        #expect(try JSONDecoder().decode(T.self, from: data) == value)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func valuesSurviveARoundTripInAStableForm() throws {
        #expect(try roundTrip(Mark.o) == #""O""#)
        #expect(try roundTrip(Cell("c1")!) == "2")
        #expect(try roundTrip(Level.hard) == #""hard""#)
        #expect(try roundTrip(GameStatus.inProgress) == #"{"state":"in_progress"}"#)
        #expect(try roundTrip(GameStatus.draw) == #"{"state":"draw"}"#)
        #expect(try roundTrip(GameStatus.won(by: .x, line: WinningLine.all[6])) == #"{"line":[0,4,8],"state":"won","winner":"X"}"#)
        #expect(try roundTrip(Outcome.win(inMoves: 3)) == #"{"inMoves":3,"result":"win"}"#)
        #expect(try roundTrip(Outcome.draw) == #"{"result":"draw"}"#)
        #expect(try roundTrip(MoveEvaluation(cell: Cell(index: 4)!, outcome: .loss(inMoves: 2)))
            == #"{"cell":4,"outcome":{"inMoves":2,"result":"loss"}}"#)
        let game = try GameState(moves: [4, 0, 8].map { Cell(index: $0)! })
        #expect(try roundTrip(game) == #"{"board":"O...X...X","moves":[4,0,8],"status":{"state":"in_progress"},"turn":"O"}"#)
    }

    @Test func everyReachablePositionSurvivesARoundTrip() throws {
        for state in reachablePositions {
            _ = try roundTrip(state)
            _ = try roundTrip(state.board)
        }
    }

    @Test func illegalInputIsRejected() {
        let decoder = JSONDecoder()
        for json in [#"{"moves":[0,0]}"#, #"{"moves":[9]}"#, #"{"moves":[0,1,3,2,6,5]}"#] {
            #expect(throws: DecodingError.self) { try decoder.decode(GameState.self, from: Data(json.utf8)) }
        }
        #expect(throws: DecodingError.self) { try decoder.decode(Board.self, from: Data(#""XO""#.utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(WinningLine.self, from: Data("[0,1,5]".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Cell.self, from: Data("12".utf8)) }
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
