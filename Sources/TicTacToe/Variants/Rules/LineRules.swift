/// An m,n,k game: a board `width` wide and `height` high on which `lineLength` marks in
/// an unbroken row, column or diagonal win, and a longer line wins too. Classic, four in
/// a row and Gomoku are values of it, so another size needs no new code.
public struct LineRules: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let lineLength: Int

    public init?(width: Int, height: Int, lineLength: Int) {
        // A line must fit on the board; the 26 column letters of the notation bound the width.
        guard (1...26).contains(width), height >= 1, lineLength >= 1,
              lineLength <= max(width, height)
        else { return nil }
        self.width = width
        self.height = height
        self.lineLength = lineLength
    }

    public static let classic = LineRules(width: 3, height: 3, lineLength: 3)!
    public static let fourInARow = LineRules(width: 4, height: 4, lineLength: 4)!
    public static let gomoku = LineRules(width: 15, height: 15, lineLength: 5)!

    public var cellCount: Int { width * height }

    /// The four directions a line can run in, as (column step, row step): along a row,
    /// down a column, down-right and down-left. This order also decides which line a move
    /// that completes two at once reports, as classic's `WinningLine.all` does.
    static let directions: [(dx: Int, dy: Int)] = [(1, 0), (0, 1), (1, 1), (-1, 1)]

    /// The longest unbroken run of `mark` through `index`, which holds `mark`, in the first
    /// direction where it is at least `lineLength` long, in ascending cell order; nil when
    /// there is none. Only the lines through the last move can have been completed by it,
    /// so checking them is all a move needs.
    func winningRun(through index: Int, of mark: Mark, in cells: [Mark?]) -> [Int]? {
        for (dx, dy) in Self.directions {
            var before = 0, after = 0
            while let cell = cell(from: index, dx: dx, dy: dy, steps: -(before + 1)), cells[cell] == mark { before += 1 }
            while let cell = cell(from: index, dx: dx, dy: dy, steps: after + 1), cells[cell] == mark { after += 1 }
            if before + after + 1 >= lineLength {
                return (-before...after).map { cell(from: index, dx: dx, dy: dy, steps: $0)! }.sorted()
            }
        }
        return nil
    }

    /// The cell `steps` steps from `index` in direction (`dx`, `dy`), or nil off the board.
    func cell(from index: Int, dx: Int, dy: Int, steps: Int) -> Int? {
        let column = index % width + dx * steps, row = index / width + dy * steps
        guard (0..<width).contains(column), (0..<height).contains(row) else { return nil }
        return row * width + column
    }
}
