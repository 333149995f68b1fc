/// The last board of classic or four in a row drawn in some output, read back the way a
/// person reads the screen: each cell "X", "O", the number of an empty classic cell, or
/// the dot of an empty one on the larger board.
struct ShownBoard: Equatable {
    let cells: [String]

    /// The last board `size` cells wide in `output`, or nil if it shows none.
    init?(lastIn output: String, size: Int = 3) {
        // A board's row lines are the only ones that start with a row number and hold
        // cells between │ bars, e.g. "  2  3 │ O │ 5 ".
        let rows = output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.contains("│") && $0.first(where: { !$0.isWhitespace })?.isNumber == true }
        guard rows.count >= size else { return nil }
        cells = rows.suffix(size).flatMap { row in
            row.split(separator: "│").enumerated().map { column, text in
                // The first column still has the row number in front of it, and the last
                // move stands in parentheses.
                let words = text.split(separator: " ")
                return String(column == 0 ? words.last! : words.first!).filter { !"()".contains($0) }
            }
        }
    }

    init(_ cells: String) {
        self.cells = cells.map(String.init)
    }

    /// The first empty cell in reading order, by the number it shows.
    var firstEmptyCell: String? { cells.first { Int($0) != nil } }

    /// The first cell showing a dot in reading order, by its coordinate, such as "b2".
    var firstDottedCell: String? {
        let size = Int(Double(cells.count).squareRoot())
        return cells.firstIndex(of: "·").map { index in
            String(Array("abcdefghijklmnopqrstuvwxyz")[index % size]) + String(index / size + 1)
        }
    }

    func count(of mark: String) -> Int { cells.filter { $0 == mark }.count }
}
