/// How a move that was played compares with the best in its position, in any variant:
/// exactly, from the solver, where the variant is solved; from the computer player's
/// estimates elsewhere, which `source` says.
public struct VariantMoveJudgement: Hashable, Sendable {
    public let verdict: MoveVerdict
    public let source: VariantMoveEvaluation.Source
    /// What the move led to, and what the best move would have, under perfect play; nil
    /// when the source is the engine.
    public let outcome: Outcome?
    public let bestOutcome: Outcome?
    /// The move's value and the best one's, from -1 to 1 (`VariantMoveEvaluation.score`).
    public let score: Double
    public let bestScore: Double
    /// Every move that was best, in cell order.
    public let bestCells: [Int]
}

extension VariantAnalysis {
    /// An engine's estimate this far below the best counts as a mistake; closer, the move
    /// is neutral, and within `engineTie` it counts as best: estimates are not exact, so
    /// two moves close in value are both best.
    static let engineMistake = 0.5
    static let engineTie = 0.02

    /// The judgement of every move of `game`, in order, each in the position it was played
    /// in. The searched variants' positions are estimated with the medium budget: a
    /// replay judges every position of the game, and at the strong budget an Ultimate
    /// game of 60 moves took 12 s of a core.
    public static func judgements(of game: VariantGame) -> [VariantMoveJudgement] {
        var position = VariantGame(game.variant)
        return game.moves.map { index in
            let judgement = judge(index, in: position)
            // The moves of a VariantGame are legal by construction.
            position = try! position.playing(index: index)
            return judgement
        }
    }

    /// The judgement of playing `index` in `position`, which must be a legal move there.
    static func judge(_ index: Int, in position: VariantGame) -> VariantMoveJudgement {
        let evaluations = evaluations(of: position, budget: .medium)
        let played = evaluations.first { $0.index == index }!
        let source = source(for: position.variant)
        guard source == .solver else {
            let best = evaluations.map(\.score).max()!
            let verdict: MoveVerdict = best - played.score <= engineTie ? .best
                : best - played.score >= engineMistake ? .mistake : .neutral
            return VariantMoveJudgement(verdict: verdict, source: .engine, outcome: nil, bestOutcome: nil,
                                        score: played.score, bestScore: best,
                                        bestCells: evaluations.filter { best - $0.score <= engineTie }.map(\.index))
        }
        let best = evaluations.compactMap(\.outcome).max()!
        let outcome = played.outcome!
        let verdict: MoveVerdict = outcome == best ? .best : outcome.kind == best.kind ? .neutral : .mistake
        return VariantMoveJudgement(verdict: verdict, source: .solver, outcome: outcome, bestOutcome: best,
                                    score: played.score, bestScore: evaluations.map(\.score).max()!,
                                    bestCells: evaluations.filter { $0.outcome == best }.map(\.index))
    }
}
