/// The boards OXO plays on. The raw value is the wire name; a game without one is
/// classic, which callers decide (the type has no default of its own).
public enum Variant: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// Three in a row on 3×3.
    case classic
    /// Four in a row on 4×4.
    case fourInARow = "four"
    /// Five or more in a row on 15×15 (freestyle: an overline wins too).
    case gomoku
    /// Nine small 3×3 boards in a 3×3; win three small boards in a line.
    case ultimate

    /// The rules of the variants played on one board, k in a row; nil for Ultimate.
    public var lineRules: LineRules? {
        switch self {
        case .classic: .classic
        case .fourInARow: .fourInARow
        case .gomoku: .gomoku
        case .ultimate: nil
        }
    }

    /// Columns of the whole grid (Ultimate's is 9 wide).
    public var width: Int { lineRules?.width ?? UltimateGrid.side }
    /// Rows of the whole grid.
    public var height: Int { lineRules?.height ?? UltimateGrid.side }
    /// Cells are numbered 0..<cellCount, row-major from the top-left of the whole grid.
    public var cellCount: Int { width * height }
    /// How many in a row win: on the board itself, or for Ultimate on a small board and
    /// then of small boards on the big one.
    public var lineLength: Int { lineRules?.lineLength ?? 3 }

    public var displayName: String {
        switch self {
        case .classic: "Classic"
        case .fourInARow: "Four in a row"
        case .gomoku: "Gomoku"
        case .ultimate: "Ultimate"
        }
    }

    /// The rules in a few sentences, for clients to show.
    public var rulesText: String {
        switch self {
        case .classic:
            "Players take turns marking an empty cell of a 3×3 board; X moves first. "
                + "Three of your marks in a row, column or diagonal win. A full board without a line is a draw."
        case .fourInARow:
            "Players take turns marking an empty cell of a 4×4 board; X moves first. "
                + "Four of your marks in a row, column or diagonal win. A full board without a line is a draw."
        case .gomoku:
            "Players take turns marking an empty cell of a 15×15 board; X moves first. "
                + "Five or more of your marks in an unbroken row, column or diagonal win; a line longer than five counts too. "
                + "A full board without a line is a draw."
        case .ultimate:
            "Nine small 3×3 boards make one big board; X moves first and may play anywhere. "
                + "The cell you mark sends your opponent to the small board in the same position; "
                + "if that board is won or full, they may play in any open board. "
                + "Three in a row wins a small board, three won small boards in a row win the game, "
                + "and when no move is left the game is a draw."
        }
    }

    public var description: String { rawValue }
}
