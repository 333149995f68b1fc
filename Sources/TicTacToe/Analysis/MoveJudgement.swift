/// How a move that was played compares with perfect play, for the side that played it.
///
/// The solver gives every legal move an `Outcome`: a win in n moves, a draw, or a loss in
/// n moves. The *kind* of an outcome is only win, draw or loss; its order also ranks
/// a quicker win above a slower one and a slower loss above a quicker one.
public enum MoveVerdict: String, Codable, Hashable, Sendable, CaseIterable {
    /// The move's outcome is the best the position offered: the quickest win, a draw when
    /// no win was there, or the slowest loss when every move lost.
    case best
    /// The move kept the result the position offered (a win stays a win, a draw a draw, a
    /// loss a loss) but was not among the best: a slower win, or a quicker loss.
    case neutral
    /// The move made the result worse for its side: it threw away a win (to a draw or a
    /// loss) or a draw (to a loss).
    case mistake
}

/// The solver's judgement of one move: the verdict, what the move led to and what the
/// best move would have.
public struct MoveJudgement: Hashable, Sendable, Codable {
    public let verdict: MoveVerdict
    /// What the move played leads to under perfect play, for the side that played it.
    public let outcome: Outcome
    /// What the best move would have led to: the value of the position before the move.
    public let bestOutcome: Outcome
    /// Every move that was best, in cell order; it holds the move played when the verdict
    /// is `best`.
    public let bestCells: [Cell]

    public init(verdict: MoveVerdict, outcome: Outcome, bestOutcome: Outcome, bestCells: [Cell]) {
        self.verdict = verdict
        self.outcome = outcome
        self.bestOutcome = bestOutcome
        self.bestCells = bestCells
    }
}

extension Analysis {
    /// The solver's judgement of playing `cell` in `state`, or nil when it is not a legal
    /// move there (the game is over or the cell is taken).
    public static func judge(_ cell: Cell, in state: GameState) -> MoveJudgement? {
        let evaluations = evaluations(of: state)
        guard let played = evaluations.first(where: { $0.cell == cell })?.outcome,
              let best = evaluations.map(\.outcome).max()
        else { return nil }
        let verdict: MoveVerdict =
            played == best ? .best
            : played.kind == best.kind ? .neutral
            : .mistake
        return MoveJudgement(verdict: verdict, outcome: played, bestOutcome: best,
                             bestCells: evaluations.filter { $0.outcome == best }.map(\.cell))
    }

    /// The judgement of every move of a game, in order, each in the position it was
    /// played in.
    public static func judgements(of state: GameState) -> [MoveJudgement] {
        var position = GameState()
        return state.moves.map { cell in
            // The moves of a GameState are legal by construction.
            let judgement = judge(cell, in: position)!
            position = try! position.playing(cell)
            return judgement
        }
    }
}
