/// Why a move cannot be played.
public enum MoveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The cell number is outside 0–8.
    case noSuchCell
    /// The cell already holds a mark.
    case cellOccupied
    /// It is X's turn, and O tried to move.
    case xExpected
    /// It is O's turn, and X tried to move.
    case oExpected
    /// The game has been won or drawn.
    case gameOver

    public var description: String {
        switch self {
        case .noSuchCell: "no such cell"
        case .cellOccupied: "cell occupied"
        case .xExpected: "X expected"
        case .oExpected: "O expected"
        case .gameOver: "game over"
        }
    }
}
