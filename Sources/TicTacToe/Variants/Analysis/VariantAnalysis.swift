/// Hints for every variant: the value of each legal move, exact where the variant is
/// solved (classic, four in a row) and the strongest computer player's estimate where it
/// is not (Gomoku, Ultimate). The estimates are seeded, so the same position always gets
/// the same hints.
public enum VariantAnalysis {
    /// Where the evaluations of `variant`'s moves come from.
    public static func source(for variant: Variant) -> VariantMoveEvaluation.Source {
        switch variant {
        case .classic, .fourInARow: .solver
        case .gomoku, .ultimate: .engine
        }
    }

    /// Every legal move of `game` with its value for the side that plays it, in cell
    /// order; empty once the game is over. The searched variants spend `budget`: the
    /// strongest player's for a hint, less for each position of a replay.
    public static func evaluations(of game: VariantGame) -> [VariantMoveEvaluation] {
        evaluations(of: game, budget: .strong)
    }

    static func evaluations(of game: VariantGame, budget: SearchBudget) -> [VariantMoveEvaluation] {
        guard let mark = game.turn else { return [] }
        switch game.variant {
        case .classic:
            return Analysis.evaluations(of: game.classicState!).map { VariantMoveEvaluation(index: $0.cell.index, outcome: $0.outcome) }
        case .fourInARow:
            return FourInARowSolver.evaluations(of: game).map { VariantMoveEvaluation(index: $0.index, outcome: $0.outcome) }
        case .gomoku:
            return lineSearchEvaluations(of: game, for: mark, budget: budget)
        case .ultimate:
            var search = UltimateTreeSearch(game.ultimateGame!, seed: 0)
            return search.run(playouts: budget.playouts).map { move in
                // Only a move that wins at once is sure; the playouts never claim that.
                let wins = (try? game.playing(index: move.index))?.status.winner == mark
                return VariantMoveEvaluation(index: move.index, source: .engine, outcome: nil,
                                             score: wins ? 1 : 2 * move.winRate - 1)
            }
        }
    }

    /// Every legal move searched two moves deep (the move and the best reply, and any
    /// forced replies after them), its score squashed into -1...1; a forced win n moves
    /// away scores 1 − n/1000, so a quicker win ranks above a slower one, and a forced
    /// loss the opposite.
    private static func lineSearchEvaluations(of game: VariantGame, for mark: Mark, budget: SearchBudget) -> [VariantMoveEvaluation] {
        var search = LineSearch(rules: game.variant.lineRules!, cells: game.cells, nodeBudget: .max, breadth: budget.breadth)
        let moves = game.legalMoves
        let scores = search.scores(of: moves, for: mark == .x ? 0 : 1, depth: 2)
        return zip(moves, scores).map { index, score in
            let squashed = abs(score) > LineSearch.win / 2
                ? Double(score.signum()) * (1 - Double(LineSearch.win - abs(score)) / 1000)
                : Double(score) / (Double(abs(score)) + Self.evaluationScale)
            return VariantMoveEvaluation(index: index, source: .engine, outcome: nil, score: squashed)
        }
    }

    /// An evaluation this large (a window of four, about) squashes to one half.
    private static let evaluationScale = 500.0
}

extension VariantAnalysis {
    /// The moves the strongest computer player picks from: for the solved variants, the
    /// `perfect` player's choices (the quickest wins, else the draws that set the most
    /// traps, else the slowest losses); for the others, the moves whose estimate is top.
    public static func bestMoves(in game: VariantGame) -> [Int] {
        switch game.variant {
        case .classic:
            return game.classicState.map { ComputerPlayer.bestMoves(in: $0).map(\.index) } ?? []
        case .fourInARow:
            return ComputerPlayer.fourInARowBestMoves(in: game)
        case .gomoku, .ultimate:
            let evaluations = evaluations(of: game)
            guard let top = evaluations.map(\.score).max() else { return [] }
            return evaluations.filter { $0.score == top }.map(\.index)
        }
    }
}
