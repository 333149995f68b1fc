import TicTacToe

/// A cell as people name it in the terminal, as on the web page: a column letter and a row
/// number in either case (`CellName`: a1–c3 on classic's board, a1–d4, a1–o15, and a1–i9 on
/// Ultimate's whole grid), or on classic's board alone a number 1–9 from the top left, row
/// by row (as on a phone's keypad). The API keeps its own numbers, from 0.
enum TypedCell {
    enum Reading: Hashable {
        /// The cell's index on the variant's whole grid.
        case cell(Int)
        /// A column and a row that lie off this variant's board, such as e1 on 4×4.
        case outsideBoard
        /// Nothing like a cell.
        case notACell
    }

    static func read(_ text: String, on variant: Variant) -> Reading {
        if variant == .classic, text.count == 1, let digit = text.first?.wholeNumberValue {
            return (1...9).contains(digit) ? .cell(digit - 1) : .notACell
        }
        if let index = CellName.index(of: text, in: variant) { return .cell(index) }
        let digits = text.dropFirst()
        guard let letter = text.first, letter.isASCII, letter.isLetter, !digits.isEmpty, digits.first != "0",
              digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return .notACell }
        return .outsideBoard
    }

    /// The number shown on classic's empty cell `index`.
    static func number(of index: Int) -> String { String(index + 1) }

    /// How to name a cell of `variant`, for help and mistakes: "a column a–d and a row 1–4, like b2".
    static func howToName(on variant: Variant) -> String {
        let lastColumn = CellName.name(of: variant.width - 1, in: variant).prefix(1)
        return "a column a–\(lastColumn) and a row 1–\(variant.height), like \(example(on: variant))"
    }

    /// The name of a cell at (or beside) the centre, to show how cells are named: "h8" on Gomoku.
    static func example(on variant: Variant) -> String {
        CellName.name(of: centre(of: variant), in: variant)
    }

    /// The cell at the centre of `variant`'s board, or up and left of it when the centre
    /// falls between cells (4×4's b2): where the online cursor starts.
    static func centre(of variant: Variant) -> Int {
        (variant.height - 1) / 2 * variant.width + (variant.width - 1) / 2
    }
}
