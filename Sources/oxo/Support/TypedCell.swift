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

    /// The cell `text` names on `variant`'s board; nil when it names none there.
    static func index(of text: String, on variant: Variant) -> Int? {
        if case .cell(let index) = read(text, on: variant) { return index }
        return nil
    }

    /// Classic's cell that `text` names.
    static func parse(_ text: String) -> Cell? {
        index(of: text, on: .classic).flatMap(Cell.init(index:))
    }

    /// The number shown on classic's empty cell `index`.
    static func number(of index: Int) -> String { String(index + 1) }

    /// How to name a cell of `variant`, for help and mistakes: "a column a–d and a row 1–4, like b2".
    static func howToName(on variant: Variant) -> String {
        let lastColumn = CellName.name(of: variant.width - 1, in: variant).prefix(1)
        let example = CellName.name(of: (variant.height - 1) / 2 * variant.width + (variant.width - 1) / 2, in: variant)
        return "a column a–\(lastColumn) and a row 1–\(variant.height), like \(example)"
    }
}
