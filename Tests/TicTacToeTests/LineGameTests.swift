import Testing
import TicTacToe

@Suite("k in a row on any board")
struct LineGameTests {
    /// X takes `line` in order while O answers off it (with fewer than k marks O cannot
    /// make a line, nor can X before its last); the game must end on the last of them.
    func xTakes(_ line: [Int], in variant: Variant) throws -> VariantGame {
        let replies = (0..<variant.cellCount).filter { !line.contains($0) }
        var game = VariantGame(variant)
        for (number, cell) in line.enumerated() {
            #expect(game.status == .inProgress)
            game = try game.playing(index: cell, as: .x)
            if number < line.count - 1 { game = try game.playing(index: replies[number], as: .o) }
        }
        return game
    }

    @Test(arguments: [Variant.classic, .fourInARow, .gomoku])
    func everyLineOfTheBoardWins(variant: Variant) throws {
        let lines = VariantReference.runs(width: variant.width, height: variant.height, length: variant.lineLength)
        let expected = switch variant {
        case .classic: 8
        case .fourInARow: 10
        default: 2 * 15 * 11 + 2 * 11 * 11  // 11 runs along each row and column, 11 × 11 down each diagonal way
        }
        #expect(lines.count == expected)
        for line in lines {
            let game = try xTakes(line, in: variant)
            #expect(game.status == .won(by: .x, line: line.sorted()), "\(line)")
            #expect(game.turn == nil && game.legalMoves.isEmpty)
        }
    }

    @Test func aLineLongerThanFiveWinsAtGomokuWhole() throws {
        // X holds a1–c1 and e1–f1; the gap d1 joins them into six in a row.
        var game = try VariantGame(.gomoku, moves: [0, 100, 1, 102, 2, 104, 4, 106, 5, 108])
        #expect(game.status == .inProgress)
        game = try game.playing(index: 3, as: .x)
        #expect(game.status == .won(by: .x, line: [0, 1, 2, 3, 4, 5]))
    }

    @Test func fourInARowNeedsFour() throws {
        // Three X's in the top row do not win on 4×4; the fourth does.
        let game = try VariantGame(.fourInARow, moves: [0, 4, 1, 5, 2, 8])
        #expect(game.status == .inProgress)
        #expect(try game.playing(index: 3).status == .won(by: .x, line: [0, 1, 2, 3]))
    }

    @Test func aFullBoardWithoutALineIsADraw() throws {
        // X X O O / O O X X / X X O O / O O X X, played alternately.
        let game = try VariantGame(.fourInARow, moves: [0, 2, 1, 3, 6, 4, 7, 5, 8, 10, 9, 11, 14, 12, 15, 13])
        #expect(game.status == .draw)
        #expect(game.turn == nil)
    }

    @Test func movesAreCheckedInAFixedOrder() throws {
        let started = try VariantGame(.gomoku, moves: [112])
        #expect(throws: VariantMoveError.outsideBoard) { try started.playing(index: 225, as: .x) }
        #expect(throws: VariantMoveError.outsideBoard) { try started.playing(index: -1, as: .o) }
        #expect(throws: VariantMoveError.oExpected) { try started.playing(index: 112, as: .x) }
        #expect(throws: VariantMoveError.cellOccupied) { try started.playing(index: 112, as: .o) }
        #expect(throws: VariantMoveError.xExpected) { try VariantGame(.gomoku).playing(index: 0, as: .o) }
        let won = try VariantGame(.fourInARow, moves: [0, 4, 1, 5, 2, 8, 3])
        #expect(throws: VariantMoveError.gameOver) { try won.playing(index: 9, as: .o) }
        #expect(throws: VariantMoveError.gameOver) { try won.playing(index: 0, as: .x) }
        #expect(throws: VariantMoveError.outsideBoard) { try won.playing(index: 16) }
    }

    @Test func otherSizesAreValuesNotCode() throws {
        let rules = try #require(LineRules(width: 7, height: 6, lineLength: 4))
        var game = LineGame(rules: rules)
        for (number, cell) in [0, 7, 8, 14, 16, 21, 24].enumerated() {
            try game.play(index: cell, as: number % 2 == 0 ? .x : .o)
        }
        #expect(game.status == .won(by: .x, line: [0, 8, 16, 24]))
        #expect(LineRules(width: 3, height: 3, lineLength: 4) == nil)
        #expect(LineRules(width: 27, height: 3, lineLength: 3) == nil)
    }

    @Test func theVariantsDescribeThemselves() {
        #expect(Variant.allCases.map(\.rawValue) == ["classic", "four", "gomoku", "ultimate"])
        #expect(Variant.allCases.map(\.cellCount) == [9, 16, 225, 81])
        #expect(Variant.allCases.map(\.lineLength) == [3, 4, 5, 3])
        for variant in Variant.allCases {
            let sentences = variant.rulesText.split(separator: ". ").count
            #expect((2...4).contains(sentences), "\(variant): \(sentences) sentences")
            #expect(!variant.displayName.isEmpty)
        }
    }
}
