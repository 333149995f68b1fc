/// A game of Ultimate Tic-Tac-Toe: the moves played so far and what follows from them.
/// Cells are numbered on the 9×9 grid as `UltimateGrid` says.
public struct UltimateGame: Hashable, Sendable {
    public private(set) var moves: [Int] = []
    /// Every cell of the 9×9 grid, row-major from the top-left.
    public private(set) var cells: [Mark?] = Array(repeating: nil, count: 81)
    /// Each small board's own result, 0–8; a won one's line holds grid cells.
    public private(set) var smallBoardStatuses: [VariantStatus] = Array(repeating: .inProgress, count: 9)
    /// The small board the player to move must play in, or nil when they may play in any
    /// open one (at the start, after being sent to a closed board, and once the game is over).
    public private(set) var activeBoard: Int?
    public private(set) var status = VariantStatus.inProgress

    /// The empty grid, X to move anywhere.
    public init() {}

    /// Replays `moves`, X first, failing on the first illegal one.
    public init(moves: some Sequence<Int>) throws(VariantMoveError) {
        for index in moves {
            try play(index: index, as: markToMove)
        }
    }

    /// The mark that moves next, or nil once the game is over.
    public var turn: Mark? { status.isOver ? nil : markToMove }

    /// Who won each small board, 0–8; nil for one still open or full without a line.
    public var smallBoardWinners: [Mark?] { smallBoardStatuses.map(\.winner) }

    /// A small board is closed once it is won or full: nobody plays in it again.
    public func isClosed(smallBoard: Int) -> Bool { smallBoardStatuses[smallBoard].isOver }

    /// The cells that can be played now, in ascending order.
    public var legalMoves: [Int] {
        guard !status.isOver else { return [] }
        return cells.indices.filter { index in
            cells[index] == nil && isInPlayableBoard(index)
        }
    }

    public func playing(index: Int, as mark: Mark) throws(VariantMoveError) -> UltimateGame {
        var next = self
        try next.play(index: index, as: mark)
        return next
    }

    /// Plays grid cell `index` as `mark`, checking in this order: the cell is on the grid,
    /// the game is on, it is `mark`'s turn, its small board is open, it is the board the
    /// player was sent to, the cell is empty.
    public mutating func play(index: Int, as mark: Mark) throws(VariantMoveError) {
        guard cells.indices.contains(index) else { throw .outsideBoard }
        guard !status.isOver else { throw .gameOver }
        guard mark == markToMove else { throw .wrongTurn(markToMove) }
        let board = UltimateGrid.smallBoard(of: index)
        guard !isClosed(smallBoard: board) else { throw .closedBoard }
        guard activeBoard == nil || activeBoard == board else { throw .wrongBoard }
        guard cells[index] == nil else { throw .cellOccupied }
        moves.append(index)
        cells[index] = mark
        smallBoardStatuses[board] = statusOfSmallBoard(board, after: index, by: mark)
        if smallBoardStatuses[board].winner == mark,
           let line = LineRules.classic.winningRun(through: board, of: mark, in: smallBoardWinners) {
            status = .won(by: mark, line: line)
        } else if smallBoardStatuses.allSatisfy(\.isOver) {
            // No open board is left, so no move is: a draw, whoever holds more boards.
            status = .draw
        }
        let target = UltimateGrid.cellInSmallBoard(of: index)
        activeBoard = status.isOver || isClosed(smallBoard: target) ? nil : target
    }

    private func isInPlayableBoard(_ index: Int) -> Bool {
        let board = UltimateGrid.smallBoard(of: index)
        return !isClosed(smallBoard: board) && (activeBoard == nil || activeBoard == board)
    }

    private func statusOfSmallBoard(_ board: Int, after index: Int, by mark: Mark) -> VariantStatus {
        let gridCells = UltimateGrid.cells(ofSmallBoard: board)
        let local = gridCells.map { cells[$0] }
        if let line = LineRules.classic.winningRun(through: UltimateGrid.cellInSmallBoard(of: index), of: mark, in: local) {
            return .won(by: mark, line: line.map { gridCells[$0] })
        }
        return local.contains(nil) ? .inProgress : .draw
    }

    private var markToMove: Mark { moves.count.isMultiple(of: 2) ? .x : .o }
}
