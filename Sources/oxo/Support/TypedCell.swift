import TicTacToe

/// A cell as people name it in the terminal, as on the web page: a number 1–9 from the top
/// left, row by row (as on a phone's keypad), or a coordinate a1–c3 in either case. The
/// API keeps its own numbers, 0–8.
enum TypedCell {
    static func parse(_ text: String) -> Cell? {
        if text.count == 1, let digit = text.first?.wholeNumberValue {
            return Cell(index: digit - 1)
        }
        guard text.count == 2 else { return nil }
        return Cell(text)
    }

    /// The number shown on an empty cell.
    static func number(of cell: Cell) -> String { String(cell.index + 1) }
}
