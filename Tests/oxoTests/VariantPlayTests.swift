import Testing
import TicTacToe
@testable import oxo

/// `oxo play --variant`: every board played at the keyboard, each screen within 80×24.
@Suite("oxo play: the variants")
struct VariantPlayTests {
    @Test func aPersonPlaysFourInARowAgainstTheComputerToTheEnd() throws {
        let screen = TerminalTranscript()
        var movesTyped = 0
        var screensTooBig: [String] = []
        let player = ScriptedPlayer(screen: screen) { shown in
            if shown.hasSuffix("Play again? [y/n] ") { return "n" }
            if let height = screen.linesFromLastBoard, height > 24 { screensTooBig.append(shown) }
            // X moves at most eight times on 4×4; more means the game never ended.
            guard movesTyped < 8 else { return nil }
            movesTyped += 1
            return ShownBoard(lastIn: shown, size: 4)?.firstDottedCell
        }
        var session = PlaySession(
            variant: .fourInARow, lineup: .againstComputer(ComputerPlayer(level: .perfect), human: .x),
            generator: SeededGenerator(seed: 1), input: player, output: screen, renderer: BoardRenderer(usesColour: false))
        session.run()

        let text = screen.text
        #expect(text.hasPrefix("Four in a row: Players take turns"), "the rules come first: \(text)")
        #expect(text.contains("Type a cell as a column a–d and a row 1–4, like b2; q quits."), "\(text)")
        #expect(text.contains("The computer (O) takes"), "\(text)")
        #expect(!text.contains("X wins"), "the solved computer does not lose: \(text)")
        #expect(text.contains("O wins with") || text.contains("Draw."), "\(text)")
        #expect(text.hasSuffix("Play again? [y/n] n\nBye.\n"), "\(text)")
        let finalBoard = try #require(ShownBoard(lastIn: text, size: 4))
        #expect(finalBoard.count(of: "X") == movesTyped)
        #expect(screensTooBig.isEmpty, "every board and its prompt on one 24-line screen: \(screensTooBig)")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
    }

    /// Two people play each board for a while, making every kind of mistake on the way:
    /// at each prompt the whole board, what was said since and the prompt fit 80×24.
    @Test(arguments: [
        (Variant.classic, ["b2", "b2", "zz", "d1", "a1", "c3"]),
        (.fourInARow, ["b2", "e1", "b2", "a1", "d4", "a17", "c3"]),
        (.gomoku, ["h8", "h8", "p1", "h9", "o15", "a1", "g7", "h0", "i9"]),
        // X in the centre sends O to the centre board; a1 is in the top-left one.
        (.ultimate, ["e5", "a1", "j1", "d4", "b2", "e4", "d5"]),
    ])
    func everyScreenOfAGameFitsEightyByTwentyFour(variant: Variant, typing moves: [String]) {
        let screen = TerminalTranscript()
        var toType = moves[...]
        var heights: [Int] = []
        let player = ScriptedPlayer(screen: screen) { _ in
            heights.append(screen.linesFromLastBoard ?? 0)
            return toType.popFirst()
        }
        var session = PlaySession(variant: variant, lineup: .twoPeople, generator: SeededGenerator(seed: 1),
                                  input: player, output: screen, renderer: BoardRenderer(usesColour: false))
        session.run()

        let text = screen.text
        let firstScreen = text.components(separatedBy: " to move > ").first!
        #expect(firstScreen.split(separator: "\n", omittingEmptySubsequences: false).count <= 24,
                "the rules, the board and the first prompt on one screen: \(firstScreen)")
        #expect(heights.allSatisfy { (1...24).contains($0) }, "\(heights): \(text)")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
        // The game was still on when the moves ran out: each one typed was answered.
        #expect(heights.count == moves.count + 1, "\(text)")
    }

    @Test func mistakesOnTheLargerBoardsAreExplainedInWords() {
        let four = transcript(of: .fourInARow, typing: ["b2", "b2", "e1", "zz", "0"])
        #expect(four.contains("b2 is already taken: choose an empty cell (·)."), "\(four)")
        #expect(four.contains("e1 is outside the board: type a column a–d and a row 1–4, like b2."), "\(four)")
        #expect(four.contains("zz is not a cell: type a column a–d and a row 1–4, like b2."), "\(four)")
        #expect(four.contains("0 is not a cell"), "numbers name classic's cells only: \(four)")

        let ultimate = transcript(of: .ultimate, typing: ["e5", "a1", "E4"])
        #expect(ultimate.contains("X to play in any open board."), "\(ultimate)")
        #expect(ultimate.contains("O to play in the centre board."), "\(ultimate)")
        #expect(ultimate.contains("a1 is in the top-left board, but this move must be in the centre board."), "\(ultimate)")
        #expect(ultimate.contains("X to play in the top-middle board."), "e4 is the centre board's top-middle cell: \(ultimate)")
    }

    @Test func aMoveIntoAClosedSmallBoardSaysWhoWonIt() throws {
        // Random games until one sends a player where a won board is beside an open one.
        var generator = SeededGenerator(seed: 3)
        var game = VariantGame(.ultimate)
        var won: Int?
        while won == nil, game.turn != nil {
            game = try game.playing(index: game.legalMoves.randomElement(using: &generator)!)
            won = game.smallBoardWinners.firstIndex { $0 != nil }
        }
        let board = try #require(won)
        let cell = UltimateGrid.cells(ofSmallBoard: board).first { game.cells[$0] == nil }
            ?? UltimateGrid.cells(ofSmallBoard: board)[0]
        let name = CellName.name(of: cell, in: .ultimate)
        #expect(throws: VariantMoveError.closedBoard) { try game.playing(index: cell) }

        let message = Messages.refusal(.closedBoard, of: name, at: cell, in: game)
        let winner = try #require(game.smallBoardWinners[board])
        #expect(message.hasPrefix("\(name) is in \(SmallBoardName.the(board)), which is already won by \(winner): play in "),
                "\(message)")
    }

    @Test func aGomokuWinIsNamedByItsFiveCells() {
        let text = transcript(of: .gomoku, typing: ["h4", "a1", "h5", "a2", "h6", "a3", "h7", "a4", "h8", "n"])
        #expect(text.contains("X wins with h4-h5-h6-h7-h8."), "\(text)")
    }

    @Test func theComputerSaysItThinksBeforeAGomokuSearch() {
        let text = transcript(of: .gomoku, typing: ["h8"], lineup: .againstComputer(ComputerPlayer(level: .medium), human: .x))
        #expect(text.contains("The computer (O) thinks… and takes "), "\(text)")
    }

    private func transcript(of variant: Variant, typing moves: [String], lineup: Lineup = .twoPeople) -> String {
        let screen = TerminalTranscript()
        var toType = moves[...]
        var session = PlaySession(variant: variant, lineup: lineup, generator: SeededGenerator(seed: 1),
                                  input: ScriptedPlayer(screen: screen) { _ in toType.popFirst() },
                                  output: screen, renderer: BoardRenderer(usesColour: false))
        session.run()
        return screen.text
    }
}
