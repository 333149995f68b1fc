/// Perfect play for four in a row on 4×4: a negamax search with alpha-beta pruning over
/// exact values (a win or loss counts its distance, as `Outcome` does), remembering each
/// position, up to the board's eight symmetries, in a transposition table. Forced moves
/// prune most of the tree: a side that can complete a line does, and a side facing one
/// threat must block it (facing two, it has lost).
///
/// A solver's table lives as long as it does, so questions about related positions asked
/// of one solver share what it learnt; the answers depend on the positions alone.
struct FourInARowSolver {
    private enum Bound: UInt8 { case exact, lower, upper }
    private var table: [UInt32: (score: Int8, bound: Bound)] = [:]

    /// The exact value of every legal move of `game`, a four in a row game still on, for
    /// the side that plays it, in cell order.
    static func evaluations(of game: VariantGame) -> [(index: Int, outcome: Outcome)] {
        var solver = FourInARowSolver()
        return solver.evaluations(of: FourInARowBoard(cells: game.cells))
    }

    /// The exact value of every empty cell of `board`, for the side to move, in cell order.
    /// The board must be a position of a game still on.
    mutating func evaluations(of board: FourInARowBoard) -> [(index: Int, outcome: Outcome)] {
        let mark = board.toMove
        return (0..<16).filter { board.occupied >> $0 & 1 == 0 }.map { index in
            let child = board.placing(mark, at: index)
            let score: Int8 =
                Self.hasLine(child.bits(of: mark)) ? Outcome.win(inMoves: 1).score
                : child.occupied == FourInARowBoard.full ? 0
                : Self.parentScore(value(of: child, alpha: -100, beta: 100))
            return (index, Outcome(score: score))
        }
    }

    /// How many of the legal moves in `board`, a game still on, lose for the side that
    /// plays them. Each asks only whether the reply wins for the other side, a search with
    /// a window of one point, which settles far sooner than the exact value.
    mutating func losingMoveCount(in board: FourInARowBoard) -> Int {
        let mark = board.toMove
        return (0..<16).filter { index in
            guard board.occupied >> index & 1 == 0 else { return false }
            let child = board.placing(mark, at: index)
            guard !Self.hasLine(child.bits(of: mark)), child.occupied != FourInARowBoard.full else { return false }
            return value(of: child, alpha: 0, beta: 1) >= 1
        }.count
    }

    private static func hasLine(_ bits: UInt16) -> Bool {
        FourInARowBoard.lines.contains { bits & $0 == $0 }
    }

    /// The value of `board` for the side to move, a game still on, if it lies strictly
    /// between `alpha` and `beta`; otherwise a bound on the same side as the window's edge.
    private mutating func value(of board: FourInARowBoard, alpha: Int8, beta: Int8) -> Int8 {
        let mark = board.toMove
        if board.completingCells(for: mark) != 0 { return Outcome.win(inMoves: 1).score }
        let threats = board.completingCells(for: mark.opponent)
        if threats.nonzeroBitCount > 1 { return Outcome.loss(inMoves: 2).score }
        let free = ~board.occupied
        if free.nonzeroBitCount == 1 { return 0 }
        let key = board.canonicalKey
        var alpha = alpha, beta = beta
        if let entry = table[key] {
            switch entry.bound {
            case .exact: return entry.score
            case .lower: alpha = max(alpha, entry.score)
            case .upper: beta = min(beta, entry.score)
            }
            if alpha >= beta { return entry.score }
        }
        let candidates = threats != 0 ? threats : free
        var best: Int8 = -100
        var window = alpha
        for index in Self.searchOrder where candidates >> index & 1 == 1 {
            let child = board.placing(mark, at: index)
            let score = Self.parentScore(value(of: child, alpha: Self.childBound(beta), beta: Self.childBound(window)))
            best = max(best, score)
            window = max(window, score)
            if window >= beta { break }
        }
        let bound: Bound = best <= alpha ? .upper : best >= beta ? .lower : .exact
        table[key] = (best, bound)
        return best
    }

    /// Middle cells first, then corners, then edges: the middle cells lie on the most lines.
    private static let searchOrder = [5, 6, 9, 10, 0, 3, 12, 15, 1, 2, 4, 7, 8, 11, 13, 14]

    /// A child's score seen one move earlier by the other side: negated, and one move
    /// further from the end.
    static func parentScore(_ child: Int8) -> Int8 {
        child > 0 ? -child + 1 : child < 0 ? -child - 1 : 0
    }

    /// The child score that `parentScore` maps to `parent`, so a window on the parent's
    /// value becomes one on the child's (mirrored: the parent's beta is the child's alpha).
    static func childBound(_ parent: Int8) -> Int8 {
        parent > 0 ? -(parent + 1) : parent < 0 ? 1 - parent : 0
    }
}
