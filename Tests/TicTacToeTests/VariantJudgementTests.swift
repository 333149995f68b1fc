import Testing
@testable import TicTacToe

/// A replay's judgement of every move: the solver's where a variant is solved, the
/// engine's estimates elsewhere, each move set against the best of its position.
@Suite("Judging the moves of any variant")
struct VariantJudgementTests {
    @Test(arguments: [Variant.classic, .fourInARow, .gomoku, .ultimate])
    func everyMoveIsJudgedInThePositionItWasPlayedIn(variant: Variant) throws {
        var generator = SeededGenerator(seed: 17)
        var game = VariantGame(variant)
        for _ in 0..<12 where game.status == .inProgress {
            game = try game.playing(index: game.legalMoves.randomElement(using: &generator)!)
        }
        let judgements = VariantAnalysis.judgements(of: game)
        #expect(judgements.count == game.moves.count)
        let source = VariantAnalysis.source(for: variant)
        for (judgement, played) in zip(judgements, game.moves) {
            #expect(judgement.source == source)
            #expect((judgement.outcome != nil) == (source == .solver), "only the solver gives outcomes")
            #expect(judgement.score <= judgement.bestScore && !judgement.bestCells.isEmpty)
            #expect((judgement.verdict == .best) == judgement.bestCells.contains(played),
                    "a move is best exactly when it is among the best cells")
        }
    }

    @Test func aMoveThatThrowsAFourInARowWinAwayIsAMistake() throws {
        // X holds 0, 1 and 2 and wins at 3; 15 instead lets O complete 4 to 7.
        let game = try VariantGame(.fourInARow, moves: [0, 4, 1, 5, 2, 6, 15])
        let last = try #require(VariantAnalysis.judgements(of: game).last)
        #expect(last.verdict == .mistake && last.bestCells == [3] && last.outcome?.kind == .loss)
    }
}
