/// A game of Tic-Tac-Toe: the moves played so far and what follows from them.
/// The move list is the truth; the board and the status are derived from it.
public struct GameState: Hashable, Sendable {
    public private(set) var moves: [Cell] = []
    public private(set) var board = Board.empty
    public private(set) var status = GameStatus.inProgress

    /// The empty board, X to move.
    public init() {}

    /// Replays `moves` from the empty board, X first, failing on the first illegal one.
    public init(moves: some Sequence<Cell>) throws(MoveError) {
        for cell in moves {
            self = try playing(cell)
        }
    }

    /// The mark that moves next, or nil once the game is over.
    public var turn: Mark? { status.isOver ? nil : markToMove }

    /// The cells that can be played now.
    public var legalMoves: [Cell] { status.isOver ? [] : board.emptyCells }

    /// Plays `cell` for whichever mark's turn it is.
    public func playing(_ cell: Cell) throws(MoveError) -> GameState {
        try playing(cell, as: markToMove)
    }

    /// Plays cell number `index` as `mark`; `noSuchCell` when the number is outside 0–8.
    public func playing(index: Int, as mark: Mark) throws(MoveError) -> GameState {
        guard let cell = Cell(index: index) else { throw .noSuchCell }
        return try playing(cell, as: mark)
    }

    /// Plays `cell` as `mark`, checking in this order: the game is on, it is `mark`'s
    /// turn, the cell is empty.
    public func playing(_ cell: Cell, as mark: Mark) throws(MoveError) -> GameState {
        guard !status.isOver else { throw .gameOver }
        guard mark == markToMove else { throw markToMove == .x ? .xExpected : .oExpected }
        guard board[cell] == nil else { throw .cellOccupied }
        var next = self
        next.moves.append(cell)
        next.board = board.placing(mark, at: cell)
        if let (winner, line) = next.board.winner {
            next.status = .won(by: winner, line: line)
        } else if next.board.isFull {
            next.status = .draw
        }
        return next
    }

    private var markToMove: Mark { moves.count.isMultiple(of: 2) ? .x : .o }
}

extension GameState: Codable {
    private enum CodingKeys: String, CodingKey { case moves, board, turn, status }

    /// Only the moves are read; everything else is derived again, so a decoded state is
    /// always a legal one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let moves = try container.decode([Cell].self, forKey: .moves)
        do {
            try self.init(moves: moves)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .moves, in: container, debugDescription: "illegal move list: \(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(moves, forKey: .moves)
        try container.encode(board, forKey: .board)
        try container.encodeIfPresent(turn, forKey: .turn)
        try container.encode(status, forKey: .status)
    }
}
