/// Perfect-play values of positions and moves. The whole game is solved once, on first
/// use, into a table indexed by position (the 5,478 reachable positions fill part of
/// 2^18 slots, 256 KiB); every later question is a table look-up.
public enum Analysis {
    /// The value of the position for the side to move, or nil when the game is over.
    public static func outcome(of state: GameState) -> Outcome? {
        guard !state.status.isOver else { return nil }
        return Outcome(score: table[state.board.key])
    }

    /// Every legal move with its value for the side that plays it, in cell order.
    public static func evaluations(of state: GameState) -> [MoveEvaluation] {
        guard let mark = state.turn else { return [] }
        return state.legalMoves.map { cell in
            MoveEvaluation(cell: cell, outcome: Outcome(score: parentScore(table[state.board.placing(mark, at: cell).key])))
        }
    }

    /// Solves the whole game now rather than on first use; returns the number of
    /// positions solved (5,478, all reachable positions including finished ones).
    @discardableResult
    public static func prepare() -> Int { table.lazy.filter { $0 != unsolved }.count }

    private static let unsolved = Int8.max

    private static let table: [Int8] = {
        var table = [Int8](repeating: unsolved, count: 1 << 18)
        _ = solve(.empty, toMove: .x, into: &table)
        return table
    }()

    /// Negamax over every position reachable from `board`, memoised in `table`.
    private static func solve(_ board: Board, toMove mark: Mark, into table: inout [Int8]) -> Int8 {
        let key = board.key
        if table[key] != unsolved { return table[key] }
        let value: Int8
        if board.winner != nil {
            value = Outcome.loss(inMoves: 0).score
        } else if board.isFull {
            value = Outcome.draw.score
        } else {
            value = board.emptyCells.map { cell in
                parentScore(solve(board.placing(mark, at: cell), toMove: mark.opponent, into: &table))
            }.max()!
        }
        table[key] = value
        return value
    }

    /// A child's score seen one move earlier by the other side: negated, and one move
    /// further from the end.
    private static func parentScore(_ child: Int8) -> Int8 {
        let flipped = -child
        if flipped > 0 { return flipped - 1 }
        if flipped < 0 { return flipped + 1 }
        return 0
    }
}
