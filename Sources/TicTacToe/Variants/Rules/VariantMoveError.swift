/// Why a move cannot be played, in any variant.
public enum VariantMoveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The cell number is outside the board.
    case outsideBoard
    /// The cell already holds a mark.
    case cellOccupied
    /// It is X's turn, and O tried to move.
    case xExpected
    /// It is O's turn, and X tried to move.
    case oExpected
    /// The game has been won or drawn.
    case gameOver
    /// Ultimate: the cell is in a small board that is won or full.
    case closedBoard
    /// Ultimate: the player was sent to another small board, which is open.
    case wrongBoard

    public var description: String {
        switch self {
        case .outsideBoard: "outside the board"
        case .cellOccupied: "cell occupied"
        case .xExpected: "X expected"
        case .oExpected: "O expected"
        case .gameOver: "game over"
        case .closedBoard: "small board closed"
        case .wrongBoard: "wrong small board"
        }
    }

    /// The error of a move by `mark` when `toMove` was due to move.
    static func wrongTurn(_ toMove: Mark) -> VariantMoveError { toMove == .x ? .xExpected : .oExpected }
}
