import TicTacToe

/// Draws the board as text: column letters on top, row numbers at the side, and in each
/// empty cell the number to type for it.
///
///          a   b   c
///       1  X │ 1 │ 2
///         ───┼───┼───
///       2  3 │ O │ 5
///         ───┼───┼───
///       3  6 │ 7 │ 8
struct BoardRenderer {
    /// Whether to colour the marks and highlight a winning line with ANSI escapes.
    let usesColour: Bool

    /// The board with a blank line above and below, `line` highlighted if given, and the
    /// `cursor` cell (the one Enter plays in `oxo online`) in brackets.
    func render(_ board: Board, highlighting line: WinningLine? = nil, cursor: Cell? = nil) -> String {
        var lines = ["     a   b   c"]
        for row in 0..<3 {
            let cells = Cell.all[row * 3 ..< row * 3 + 3].map { cell in
                text(for: cell, on: board, highlighted: line?.cells.contains(cell) ?? false, chosen: cell == cursor)
            }
            lines.append("  \(row + 1) " + cells.joined(separator: "│"))
            if row < 2 { lines.append("    ───┼───┼───") }
        }
        return "\n" + lines.joined(separator: "\n") + "\n\n"
    }

    /// Three characters wide, so that escapes around it never shift the grid.
    private func text(for cell: Cell, on board: Board, highlighted: Bool, chosen: Bool) -> String {
        let mark = board[cell].map(\.rawValue) ?? TypedCell.number(of: cell)
        let text = chosen ? "[\(mark)]" : " \(mark) "
        guard usesColour else { return text }
        var style: [String]
        switch board[cell] {
        case .x: style = ["1", "31"]  // bold red
        case .o: style = ["1", "36"]  // bold cyan
        case nil: style = ["2"]  // dim, so that the numbers read as hints, not marks
        }
        if highlighted { style.append("7") }  // reverse video: the whole cell lights up
        return "\u{1B}[\(style.joined(separator: ";"))m\(text)\u{1B}[0m"
    }
}
