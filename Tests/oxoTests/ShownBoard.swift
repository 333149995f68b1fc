/// The last board drawn in some output, read back the way a person reads the screen:
/// nine cells, each "X", "O" or the number of an empty cell.
struct ShownBoard: Equatable {
    let cells: [String]

    /// The last board in `output`, or nil if it shows none.
    init?(lastIn output: String) {
        // A board's row lines are the only ones that start with a row number and hold
        // cells between │ bars, e.g. "  2  3 │ O │ 5 ".
        let rows = output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.contains("│") && $0.first(where: { !$0.isWhitespace })?.isNumber == true }
        guard rows.count >= 3 else { return nil }
        cells = rows.suffix(3).flatMap { row in
            row.split(separator: "│").enumerated().map { column, text in
                // The first column still has the row number in front of it.
                let words = text.split(separator: " ")
                return String(column == 0 ? words.last! : words.first!)
            }
        }
    }

    init(_ cells: String) {
        self.cells = cells.map(String.init)
    }

    /// The first empty cell in reading order, by the number it shows.
    var firstEmptyCell: String? { cells.first { Int($0) != nil } }

    func count(of mark: String) -> Int { cells.filter { $0 == mark }.count }
}
