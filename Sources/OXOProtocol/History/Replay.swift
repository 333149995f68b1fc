import Foundation
import TicTacToe

/// One move of a finished game with the solver's judgement of it.
public struct ReplayMove: Codable, Hashable, Sendable {
    /// 1 for the first move of the game.
    public let number: Int
    public let cell: Cell
    /// The cell's coordinate in the notation, such as "b2" (columns a–c from the left,
    /// rows 1–3 from the top).
    public let coordinate: String
    public let mark: Mark
    public let playedAt: Date
    public let verdict: MoveVerdict
    /// What the move led to under perfect play, for the side that played it.
    public let outcome: Outcome
    /// What the best move would have led to.
    public let bestOutcome: Outcome
    /// The moves that were best in the position, in cell order.
    public let bestCells: [Cell]

    public init(number: Int, cell: Cell, mark: Mark, playedAt: Date, judgement: MoveJudgement) {
        self.number = number
        self.cell = cell
        coordinate = cell.name
        self.mark = mark
        self.playedAt = playedAt
        verdict = judgement.verdict
        outcome = judgement.outcome
        bestOutcome = judgement.bestOutcome
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
