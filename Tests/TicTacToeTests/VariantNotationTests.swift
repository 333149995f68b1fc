import Testing
import TicTacToe

@Suite("The text notation of every variant")
struct VariantNotationTests {
    @Test func cellsAreNamedByColumnLetterAndRowFromTheTop() {
        #expect(CellName.name(of: 0, in: .gomoku) == "a1")
        #expect(CellName.name(of: 14, in: .gomoku) == "o1")
        #expect(CellName.name(of: 112, in: .gomoku) == "h8")
        #expect(CellName.name(of: 224, in: .gomoku) == "o15")
        #expect(CellName.name(of: 40, in: .ultimate) == "e5")
        #expect(CellName.name(of: 15, in: .fourInARow) == "d4")
        for variant in Variant.allCases {
            for index in 0..<variant.cellCount {
                #expect(CellName.index(of: CellName.name(of: index, in: variant), in: variant) == index)
                #expect(CellName.index(of: CellName.name(of: index, in: variant).uppercased(), in: variant) == index)
            }
        }
        for cell in Cell.all {
            #expect(CellName.name(of: cell.index, in: .classic) == cell.name)
        }
        for bad in ["", "a", "a0", "a01", "p1", "a16", "1a", "h 8", "h8 ", "hh", "a-1", "a+5", "a١", "İ1", "é1"] {
            #expect(CellName.index(of: bad, in: .gomoku) == nil, "\(bad)")
        }
        #expect(CellName.index(of: "e1", in: .fourInARow) == nil)
        #expect(CellName.index(of: "a10", in: .ultimate) == nil)
    }

    @Test(arguments: Variant.allCases)
    func randomGamesWriteAndReadBackTheSame(variant: Variant) throws {
        var generator = SeededGenerator(seed: 21)
        for _ in 0..<20 {
            var game = VariantGame(variant)
            while let move = game.legalMoves.randomElement(using: &generator) { game = try game.playing(index: move) }
            let text = Notation.text(of: game)
            #expect(try Notation.parse(text, as: nil) == game)
            #expect(try Notation.parse(text, as: variant) == game)
        }
    }

    @Test func classicTextIsTheClassicEnginesText() throws {
        let classic = try GameState(moves: [4, 0, 8].map { Cell(index: $0)! })
        #expect(Notation.text(of: VariantGame(classic)) == Notation.text(of: classic))
        #expect(try Notation.parse(Notation.text(of: classic), as: nil) == VariantGame(classic))
    }

    @Test func aGameIsItsHeaderThenItsMoves() throws {
        let game = try VariantGame(.gomoku, moves: [112, 113])
        #expect(Notation.text(of: game) == "# Variant: gomoku\n1. h8 X\n2. i8 O\n")
        let ultimate = try VariantGame(.ultimate, moves: [40, 30])
        #expect(Notation.text(of: ultimate) == "# Variant: ultimate\n1. e5 X\n2. d4 O\n")
        #expect(try Notation.parse("# X: alice\r\n# Variant: four\n\n1. B2 x\n", as: nil).moves == [5])
        // Told the variant, a text needs no header: d4 is a cell of 4×4 (not of classic's board).
        #expect(try Notation.parse("1. d4 X\n", as: .fourInARow).moves == [15])
    }

    @Test(arguments: [
        ("# Variant: gomoku\n1. h8 X\n2. h8 O\n", Variant?.none, Notation.ParseError.illegalMove(line: 3)),
        ("# Variant: gomoku\n1. h8 O\n", nil, .illegalMove(line: 2)),
        ("# Variant: gomoku\n1. p8 X\n", nil, .notAMove(line: 2)),
        ("# Variant: gomoku\n1. h16 X\n", nil, .notAMove(line: 2)),
        ("# Variant: hex\n1. a1 X\n", nil, .notAMove(line: 1)),
        ("# Variant: gomoku\n1. h8 X\n", .fourInARow, .notAMove(line: 1)),
        ("1. d4 X\n", nil, .notAMove(line: 1)),
        ("# Variant: ultimate\n1. e5 X\n2. a1 O\n", nil, .illegalMove(line: 3)),
        ("# Variant: four\n1. a1 X\n3. b1 O\n", nil, .illegalMove(line: 3)),
        ("# Variant: four\n1. a1 X\n2. a2 O\n3. b1 X\n4. b2 O\n5. c1 X\n6. c2 O\n7. d1 X\n8. d2 O\n", nil, .illegalMove(line: 9)),
    ])
    func aBadLineIsRefusedWithItsNumber(text: String, variant: Variant?, error: Notation.ParseError) {
        #expect(throws: error) { try Notation.parse(text, as: variant) }
    }
}
