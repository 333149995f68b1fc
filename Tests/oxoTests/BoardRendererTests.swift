import Testing
import TicTacToe
@testable import oxo

/// The one drawing of every board, for `oxo play` and `oxo online` alike.
@Suite("The board as text")
struct BoardRendererTests {
    static let plain = BoardRenderer(usesColour: false)

    @Test(arguments: Variant.allCases)
    func aFinishedGameFitsEightyColumnsAndTwentyLinesInColourToo(variant: Variant) throws {
        var generator = SeededGenerator(seed: 5)
        var game = VariantGame(variant)
        while game.turn != nil { game = try game.playing(index: game.legalMoves.randomElement(using: &generator)!) }
        for renderer in [Self.plain, BoardRenderer(usesColour: true)] {
            let lines = renderer.lines(of: BoardPicture(game), cursor: 0)
            #expect(lines.count <= 16, "\(lines.joined(separator: "\n"))")
            #expect(lines.allSatisfy { Frame.visibleWidth(of: $0) <= 40 }, "room for a side panel: \(lines.joined(separator: "\n"))")
        }
    }

    @Test func classicLooksAsItAlwaysDid() throws {
        let game = try VariantGame(.classic, moves: [0, 4])
        #expect(Self.plain.render(BoardPicture(game), cursor: 8) == """

                 a   b   c
              1  X │ 2 │ 3 
                ───┼───┼───
              2  4 │ O │ 6 
                ───┼───┼───
              3  7 │ 8 │[9]


            """)
    }

    @Test func gomokuScrollsToTheCursorWhenTheWindowIsShort() throws {
        let game = try VariantGame(.gomoku, moves: [112, 113])
        let all = Self.plain.lines(of: BoardPicture(game))
        #expect(all.count == 16)
        #expect(all[8] == "  8 · · · · · · · X(O)· · · · · · ")

        let window = Self.plain.lines(of: BoardPicture(game), cursor: 14 * 15, height: 10)
        #expect(window.count == 10)
        #expect(window[0].hasSuffix("rows 7–15 of 15"), "\(window[0])")
        #expect(window.last == " 15[·]· · · · · · · · · · · · · · ")
        #expect(window[2] == "  8 · · · · · · · X(O)· · · · · · ")
    }

    @Test func ultimateDrawsAWonBoardBigAndSaysWhereToPlay() throws {
        // X takes the top-left board's top row, O sending X back there each time from the
        // top-left cell of the board X sent it to; the top-left board closed, O may play
        // in any open board.
        let moves = ["b1", "d1", "c1", "g1", "a1"].map { CellName.index(of: $0, in: .ultimate)! }
        let game = try VariantGame(.ultimate, moves: moves)
        let open = " · · · │ · · · │ · · · "
        #expect(Self.plain.lines(of: BoardPicture(game)) == [
            "    a b c │ d e f │ g h i",
            "  1(X)  X │ O · · │ O · · ",
            "  2   X   │ · · · │ · · · ",
            "  3 X   X │ · · · │ · · · ",
            "   ───────┼───────┼───────",
            "  4" + open, "  5" + open, "  6" + open,
            "   ───────┼───────┼───────",
            "  7" + open, "  8" + open, "  9" + open,
            "O to play in any open board.",
        ])

        let sent = try game.playing(index: CellName.index(of: "e2", in: .ultimate)!)
        let lines = Self.plain.lines(of: BoardPicture(sent))
        #expect(lines[5] == "  4       │ · · · │       ", "only the centre board's cells show dots: \(lines.joined(separator: "\n"))")
        #expect(lines.last == "X to play in the centre board.")
    }
}
