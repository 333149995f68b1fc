/// A game of k in a row on a board of any size (`LineRules`): the moves played so far and
/// what follows from them. The move list is the truth, as in `GameState`.
public struct LineGame: Hashable, Sendable {
    public let rules: LineRules
    public private(set) var moves: [Int] = []
    /// Every cell, row-major from the top-left.
    public private(set) var cells: [Mark?]
    public private(set) var status = VariantStatus.inProgress

    /// The empty board, X to move.
    public init(rules: LineRules) {
        self.rules = rules
        cells = Array(repeating: nil, count: rules.cellCount)
    }

    /// Replays `moves` from the empty board, X first, failing on the first illegal one.
    public init(rules: LineRules, moves: some Sequence<Int>) throws(VariantMoveError) {
        self.init(rules: rules)
        for index in moves {
            try play(index: index, as: markToMove)
        }
    }

    /// The mark that moves next, or nil once the game is over.
    public var turn: Mark? { status.isOver ? nil : markToMove }

    /// The cells that can be played now, in ascending order.
    public var legalMoves: [Int] { status.isOver ? [] : cells.indices.filter { cells[$0] == nil } }

    public func playing(index: Int, as mark: Mark) throws(VariantMoveError) -> LineGame {
        var next = self
        try next.play(index: index, as: mark)
        return next
    }

    /// Plays cell `index` as `mark`, checking in this order: the cell is on the board, the
    /// game is on, it is `mark`'s turn, the cell is empty. Only the lines through the new
    /// mark are looked at, so a move costs the same on any size of board.
    public mutating func play(index: Int, as mark: Mark) throws(VariantMoveError) {
        guard cells.indices.contains(index) else { throw .outsideBoard }
        guard !status.isOver else { throw .gameOver }
        guard mark == markToMove else { throw .wrongTurn(markToMove) }
        guard cells[index] == nil else { throw .cellOccupied }
        moves.append(index)
        cells[index] = mark
        if let line = rules.winningRun(through: index, of: mark, in: cells) {
            status = .won(by: mark, line: line)
        } else if moves.count == cells.count {
            status = .draw
        }
    }

    private var markToMove: Mark { moves.count.isMultiple(of: 2) ? .x : .o }
}
