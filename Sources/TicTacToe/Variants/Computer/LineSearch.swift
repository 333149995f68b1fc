/// The computer player's search for k in a row on large boards (Gomoku): negamax with
/// alpha-beta pruning and iterative deepening over the most promising cells near the
/// stones, ordered by how much each changes the window evaluation (`LineSearchBoard`).
/// Threats are handled exactly rather than left to the evaluation: a side that can
/// complete a line wins, a side facing two completing cells has lost, and a side facing
/// one must block it, a reply searched without spending depth, so that sequences of
/// forcing moves are read to their end.
///
/// The budget is a count of positions, not time, so a seed and a position always give the
/// same move.
struct LineSearch {
    /// A won position's score, less the moves it takes, beyond any evaluation.
    static let win = 1 << 40

    private var board: LineSearchBoard
    private let nodeBudget: Int
    /// How many cells each position considers.
    private let breadth: Int
    private var nodes = 0
    private var outOfBudget = false

    init(rules: LineRules, cells: [Mark?], nodeBudget: Int, breadth: Int) {
        board = LineSearchBoard(rules: rules, cells: cells)
        self.nodeBudget = nodeBudget
        self.breadth = breadth
    }

    /// The move for `side` (0 for X, 1 for O) to play: the search deepens one move at a
    /// time until the budget runs out, each time trying the last best move first. Cells of
    /// equal promise are tried in an order drawn from `generator`. An empty board's answer
    /// is its centre.
    mutating func bestMove(for side: Int, using generator: inout some RandomNumberGenerator) -> Int {
        let rules = board.rules
        guard board.stoneCount > 0 else { return rules.height / 2 * rules.width + rules.width / 2 }
        if let winning = board.completingCells(for: side).first { return winning }
        var moves = board.completingCells(for: 1 - side)
        if moves.isEmpty {
            moves = orderedMoves(board.candidates(for: side).shuffled(using: &generator), limit: 2 * breadth)
        }
        var best = moves[0]
        for depth in 1... {
            guard moves.count > 1, let found = bestOfMoves(moves, for: side, depth: depth) else { break }
            best = found.cell
            moves.swapAt(0, moves.firstIndex(of: found.cell)!)
            // A forced win or loss found is as deep as the search need go.
            if abs(found.score) > Self.win / 2 { break }
        }
        return best
    }

    /// The score for `side` of each cell of `moves`, searched `depth` moves deep with a
    /// full window: exact to that depth for every move, where `bestMove` only needs to
    /// know that a move is worse than the best.
    mutating func scores(of moves: [Int], for side: Int, depth: Int) -> [Int] {
        moves.map { move in
            if board.completingCells(for: side).contains(move) { return Self.win - 1 }
            board.place(move, side: side)
            defer { board.remove(move, side: side) }
            return -value(for: 1 - side, depth: depth - 1, alpha: -Self.win * 2, beta: Self.win * 2, ply: 1)
        }
    }

    /// The best of `moves` searched `depth` deep, or nil when the budget ran out before
    /// the first was done. When it runs out later, the best so far is still a sound
    /// answer: the first move is the last depth's best, so any that beat it did so here.
    private mutating func bestOfMoves(_ moves: [Int], for side: Int, depth: Int) -> (cell: Int, score: Int)? {
        var best: (cell: Int, score: Int)?
        var alpha = -Self.win * 2
        for move in moves {
            board.place(move, side: side)
            let score = -value(for: 1 - side, depth: depth - 1, alpha: -Self.win * 2, beta: -alpha, ply: 1)
            board.remove(move, side: side)
            if outOfBudget { break }
            if score > alpha {
                alpha = score
                best = (move, score)
            }
        }
        return best
    }

    /// The value for `side`, to move, when it lies strictly between `alpha` and `beta`;
    /// otherwise a bound on the same side as the window's edge.
    private mutating func value(for side: Int, depth: Int, alpha: Int, beta: Int, ply: Int) -> Int {
        nodes += 1
        if nodes > nodeBudget { outOfBudget = true }
        if outOfBudget { return 0 }
        if board.threats[side] > 0 { return Self.win - ply - 1 }
        if board.isFull { return 0 }
        let blocks = board.completingCells(for: 1 - side)
        if blocks.count > 1 { return -(Self.win - ply - 2) }
        if depth <= 0 && blocks.isEmpty { return board.evaluation(for: side) }
        let moves = blocks.isEmpty ? orderedMoves(board.candidates(for: side), limit: breadth) : blocks
        var best = -Self.win * 2, alpha = alpha
        for move in moves {
            board.place(move, side: side)
            let score = -value(for: 1 - side, depth: blocks.isEmpty ? depth - 1 : depth, alpha: -beta, beta: -alpha, ply: ply + 1)
            board.remove(move, side: side)
            if outOfBudget { return 0 }
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta { break }
        }
        return best
    }

    /// The `limit` candidates that change the evaluation most, best first.
    private func orderedMoves(_ candidates: [(cell: Int, gain: Int)], limit: Int) -> [Int] {
        candidates.sorted { $0.gain > $1.gain }.prefix(limit).map(\.cell)
    }
}
