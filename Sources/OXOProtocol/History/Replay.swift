import Foundation
import TicTacToe

/// One move of a finished game with its judgement: exact from the solver where the
/// variant is solved (classic, four in a row), the computer player's estimate elsewhere.
public struct ReplayMove: Codable, Hashable, Sendable {
    /// 1 for the first move of the game.
    public let number: Int
    public let cell: Int
    /// The cell's coordinate in the notation, such as "b2" (a column letter from the left,
    /// a row number from the top of the variant's whole grid).
    public let coordinate: String
    public let mark: Mark
    public let playedAt: Date
    public let verdict: MoveVerdict
    /// Where the judgement comes from: `solver` or `engine`.
    public let source: VariantMoveEvaluation.Source
    /// What the move led to under perfect play, for the side that played it (solver only).
    public let outcome: Outcome?
    /// What the best move would have led to (solver only).
    public let bestOutcome: Outcome?
    /// The move's value and the best move's, from -1 (loses) to 1 (wins).
    public let score: Double
    public let bestScore: Double
    /// The moves that were best in the position, in cell order.
    public let bestCells: [Int]

    public init(number: Int, cell: Int, variant: Variant, mark: Mark, playedAt: Date, judgement: VariantMoveJudgement) {
        self.number = number
        self.cell = cell
        coordinate = CellName.name(of: cell, in: variant)
        self.mark = mark
        self.playedAt = playedAt
        verdict = judgement.verdict
        source = judgement.source
        outcome = judgement.outcome
        bestOutcome = judgement.bestOutcome
        score = judgement.score
        bestScore = judgement.bestScore
        bestCells = judgement.bestCells
    }
}

/// A finished game move by move, each move judged by the solver.
public struct Replay: Codable, Hashable, Sendable {
    public let game: FinishedGame
    public let moves: [ReplayMove]

    public init(game: FinishedGame, moves: [ReplayMove]) {
        self.game = game
        self.moves = moves
    }

    /// The game in the text notation: a header of comment lines naming the game, its
    /// players and its result, then one line per move (`GameNotation`).
    public var notation: String { GameNotation.text(of: self) }
}
