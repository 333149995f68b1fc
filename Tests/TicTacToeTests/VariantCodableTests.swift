import Foundation
import Testing
import TicTacToe

@Suite("Codable variants")
struct VariantCodableTests {
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> String {
        let data = try JSONEncoder.sorted.encode(value)
        #expect(try JSONDecoder().decode(T.self, from: data) == value)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func valuesSurviveARoundTripInAStableForm() throws {
        #expect(try roundTrip(Variant.fourInARow) == #""four""#)
        #expect(try roundTrip(VariantStatus.won(by: .o, line: [0, 16, 32, 48, 64])) == #"{"line":[0,16,32,48,64],"state":"won","winner":"O"}"#)
        #expect(try roundTrip(VariantStatus.draw) == #"{"state":"draw"}"#)
        #expect(try roundTrip(VariantGame(.fourInARow, moves: [5, 0]))
            == #"{"board":"O....X..........","moves":[5,0],"status":{"state":"in_progress"},"turn":"X","variant":"four"}"#)
        #expect(try roundTrip(VariantGame(.ultimate, moves: [40]))
            == #"{"activeBoard":4,"board":"\#(String(repeating: ".", count: 40))X\#(String(repeating: ".", count: 40))","#
            + #""moves":[40],"smallBoards":[\#(Array(repeating: #"{"state":"in_progress"}"#, count: 9).joined(separator: ","))],"#
            + #""status":{"state":"in_progress"},"turn":"O","variant":"ultimate"}"#)
        #expect(try roundTrip(VariantMoveEvaluation(index: 3, source: .engine, outcome: nil, score: 0.5))
            == #"{"index":3,"score":0.5,"source":"engine"}"#)
    }

    @Test func aClassicGameReadsTheSameAsTheClassicEngineWritesIt() throws {
        let classic = try GameState(moves: [4, 0, 8].map { Cell(index: $0)! })
        let decoded = try JSONDecoder().decode(VariantGame.self, from: JSONEncoder().encode(classic))
        #expect(decoded == VariantGame(classic))
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as! [String: Any]
        let original = try JSONSerialization.jsonObject(with: JSONEncoder().encode(classic)) as! [String: Any]
        #expect(written["board"] as? String == original["board"] as? String)
    }

    @Test(arguments: Variant.allCases)
    func randomGamesSurviveARoundTrip(variant: Variant) throws {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            var game = VariantGame(variant)
            while let move = game.legalMoves.randomElement(using: &generator) {
                game = try game.playing(index: move)
                if Int.random(in: 0..<10, using: &generator) == 0 { _ = try roundTrip(game) }
            }
            _ = try roundTrip(game)
        }
    }

    @Test func illegalInputIsRejected() {
        let decoder = JSONDecoder()
        for json in [
            #"{"variant":"four","moves":[16]}"#, #"{"variant":"gomoku","moves":[112,112]}"#,
            #"{"variant":"ultimate","moves":[40,0]}"#, #"{"variant":"hex","moves":[]}"#,
            #"{"variant":"four","moves":[0,4,1,5,2,6,3,7]}"#, #"{"variant":"classic"}"#,
        ] {
            #expect(throws: DecodingError.self) { try decoder.decode(VariantGame.self, from: Data(json.utf8)) }
        }
    }
}
