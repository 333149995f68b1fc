import Testing
@testable import TicTacToe

/// Whether a side could still make its line, which the time rule asks of every variant.
@Suite("Could still win")
struct StillWinnableTests {
    @Test(arguments: Variant.allCases)
    func onAnEmptyBoardBothSidesCouldStillWin(variant: Variant) {
        let game = VariantGame(variant)
        #expect(game.couldStillWin(.x) && game.couldStillWin(.o))
    }

    @Test func aFinishedGameIsWinnableOnlyByItsWinner() throws {
        let won = try VariantGame(.fourInARow, moves: [0, 4, 1, 5, 2, 6, 3])
        #expect(won.couldStillWin(.x) && !won.couldStillWin(.o))
    }

    @Test func aRunOfCellsFreeOfTheOpponentIsAllALineBoardNeeds() {
        // O's marks on the main diagonal, and on the anti-diagonal's 6, leave X a run
        // nowhere: every row, column and diagonal of 4×4 holds one of them.
        var cells = [Mark?](repeating: nil, count: 16)
        for index in [0, 5, 10, 15, 6] { cells[index] = .o }
        #expect(!VariantGame.hasFreeLine(for: .x, in: cells, rules: .fourInARow))
        cells[6] = nil
        #expect(VariantGame.hasFreeLine(for: .x, in: cells, rules: .fourInARow), "the anti-diagonal is free")
        #expect(VariantGame.hasFreeLine(for: .o, in: cells, rules: .fourInARow))
    }

    @Test func inUltimateASmallBoardWonByTheOpponentBlocksItsLines() throws {
        // Random play from a seed until X holds a small board: O then cannot use it.
        var generator = SeededGenerator(seed: 11)
        var game = VariantGame(.ultimate)
        while game.status == .inProgress, !game.smallBoardWinners.contains(.x) {
            game = try game.playing(index: game.legalMoves.randomElement(using: &generator)!)
        }
        #expect(game.couldStillWin(.x) && game.couldStillWin(.o), "one board taken leaves lines for both")
    }
}
