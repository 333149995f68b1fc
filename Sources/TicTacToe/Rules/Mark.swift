/// The two marks of Tic-Tac-Toe. X always moves first.
public enum Mark: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    case x = "X"
    case o = "O"

    public var opponent: Mark { self == .x ? .o : .x }

    public var description: String { rawValue }

    /// Parses "X" or "O" in either case.
    public init?(_ text: String) {
        switch text {
        case "X", "x": self = .x
        case "O", "o": self = .o
        default: return nil
        }
    }
}
