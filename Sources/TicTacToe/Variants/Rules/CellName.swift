/// Cell coordinates for every variant: a column letter from the left (a, b, c, ...) and a
/// row number from the top (1, 2, ...), so on 15×15 "a1" is cell 0, "o1" cell 14 and
/// "h8" the centre, cell 112. On classic's board these are `Cell.name`'s names, and
/// Ultimate is named on its whole 9×9 grid ("a1"–"i9", "e5" the centre).
public enum CellName {
    private static let letters = Array("abcdefghijklmnopqrstuvwxyz")

    /// The name of cell `index` of `variant`, such as "h8".
    public static func name(of index: Int, in variant: Variant) -> String {
        String(letters[index % variant.width]) + String(index / variant.width + 1)
    }

    /// The cell that `text` names on `variant`'s grid: a letter (either case) then a row
    /// number without leading zeros; nil when it names none.
    public static func index(of text: some StringProtocol, in variant: Variant) -> Int? {
        guard let first = text.first, first.isASCII,
              let column = letters.firstIndex(of: Character(first.lowercased())), column < variant.width
        else { return nil }
        let digits = text.dropFirst()
        guard !digits.isEmpty, digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let row = Int(digits), (1...variant.height).contains(row)
        else { return nil }
        return (row - 1) * variant.width + column
    }
}
