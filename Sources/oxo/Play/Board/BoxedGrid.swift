import TicTacToe

/// Classic's board and four in a row's: cells three characters wide between bars, room for
/// the cursor's brackets inside a cell. Classic's empty cells show the number to type (1–9),
/// the others' a dot, and there the last move is in parentheses.
struct BoxedGrid {
    let picture: BoardPicture
    let renderer: BoardRenderer

    func lines(cursor: Int?) -> [String] {
        let variant = picture.variant
        let letters = (0..<variant.width).map { CellName.name(of: $0, in: variant).prefix(1) }
        var lines = ["     " + letters.joined(separator: "   ")]
        for row in 0..<variant.height {
            let cells = (row * variant.width ..< (row + 1) * variant.width).map { text(for: $0, cursor: cursor) }
            lines.append("  \(row + 1) " + cells.joined(separator: "│"))
            if row < variant.height - 1 {
                lines.append("    " + Array(repeating: "───", count: variant.width).joined(separator: "┼"))
            }
        }
        return lines
    }

    /// Three characters wide, so that escapes around it never shift the grid.
    private func text(for index: Int, cursor: Int?) -> String {
        let mark = picture.cells[index]
        let shown = mark?.rawValue ?? (picture.variant == .classic ? TypedCell.number(of: index) : "·")
        let text = if index == cursor {
            "[\(shown)]"
        } else if index == picture.lastMove, picture.variant != .classic {
            "(\(shown))"
        } else {
            " \(shown) "
        }
        return renderer.paint(text, as: mark, highlighted: picture.winningLine?.contains(index) ?? false)
    }
}
