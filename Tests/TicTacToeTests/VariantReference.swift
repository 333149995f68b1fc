import TicTacToe

/// Plain, independent statements of every variant's rules, to check the engine against:
/// they scan the whole board every time, where the engine looks only around the last move.
enum VariantReference {
    /// The marks on the board after `moves`, X first.
    static func marks(of moves: [Int], count: Int) -> [Mark?] {
        var marks = [Mark?](repeating: nil, count: count)
        for (number, index) in moves.enumerated() {
            marks[index] = number % 2 == 0 ? .x : .o
        }
        return marks
    }

    /// Every run of `length` cells in a line on a `width` × `height` board, as cell lists.
    static func runs(width: Int, height: Int, length: Int) -> [[Int]] {
        var runs: [[Int]] = []
        for row in 0..<height {
            for column in 0..<width {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                    let cells = (0..<length).map { (column + dx * $0, row + dy * $0) }
                    guard cells.allSatisfy({ (0..<width).contains($0.0) && (0..<height).contains($0.1) }) else { continue }
                    runs.append(cells.map { $0.1 * width + $0.0 })
                }
            }
        }
        return runs
    }

    /// The marks that hold `length` in a row somewhere on the board: one pass along each
    /// direction, counting how long the run of equal marks ending at each cell is.
    static func winners(of marks: [Mark?], width: Int, height: Int, length: Int) -> Set<Mark> {
        var winners: Set<Mark> = []
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
            var runLength = [Int](repeating: 0, count: marks.count)
            for row in 0..<height {
                for column in 0..<width {
                    let cell = row * width + column
                    guard let mark = marks[cell] else { continue }
                    let (previousColumn, previousRow) = (column - dx, row - dy)
                    let previous = previousRow * width + previousColumn
                    let continues = (0..<width).contains(previousColumn) && previousRow >= 0 && marks[previous] == mark
                    runLength[cell] = continues ? runLength[previous] + 1 : 1
                    if runLength[cell] >= length { winners.insert(mark) }
                }
            }
        }
        return winners
    }

    /// True when `cells`, sorted, are an unbroken straight run on a board `width` wide.
    static func isStraightRun(_ cells: [Int], width: Int) -> Bool {
        guard cells.count >= 2 else { return false }
        let step = cells[1] - cells[0]
        let (dx, dy) = (cells[1] % width - cells[0] % width, cells[1] / width - cells[0] / width)
        guard abs(dx) <= 1, abs(dy) <= 1, (dx, dy) != (0, 0) else { return false }
        return zip(cells, cells.dropFirst()).allSatisfy { a, b in
            b - a == step && b % width - a % width == dx && b / width - a / width == dy
        }
    }

    /// Ultimate's small boards and what they hold, by scanning: each one's winner (three of
    /// a mark in a line in it), whether it is full, and from those the big board.
    struct Ultimate {
        let marks: [Mark?]
        let winners: [Mark?]
        let full: [Bool]

        init(moves: [Int]) {
            let marks = VariantReference.marks(of: moves, count: 81)
            self.marks = marks
            winners = Self.boards.map { cells in Self.winner(of: cells.map { marks[$0] }) }
            full = Self.boards.map { cells in cells.allSatisfy { marks[$0] != nil } }
        }

        /// The grid cells of each small board, written out from the picture of the grid.
        private static let boards = (0..<9).map { board in
            (0..<9).map { cell in (board / 3 * 3 + cell / 3) * 9 + board % 3 * 3 + cell % 3 }
        }

        private static let lines = VariantReference.runs(width: 3, height: 3, length: 3)

        /// The mark with three in a line of these nine, 3×3.
        private static func winner(of nine: [Mark?]) -> Mark? {
            lines.lazy.compactMap { line in
                nine[line[0]].flatMap { mark in line.allSatisfy { nine[$0] == mark } ? mark : nil }
            }.first
        }

        func isClosed(_ board: Int) -> Bool { winners[board] != nil || full[board] }

        var bigWinner: Mark? { Self.winner(of: winners) }

        /// The board the player to move after `lastMove` must play in, nil for any.
        func activeBoard(after lastMove: Int?) -> Int? {
            guard let lastMove else { return nil }
            let target = lastMove / 9 % 3 * 3 + lastMove % 9 % 3
            return isClosed(target) ? nil : target
        }

        func legalMoves(after lastMove: Int?) -> [Int] {
            guard bigWinner == nil else { return [] }
            let active = activeBoard(after: lastMove)
            return (0..<81).filter { index in
                let board = index / 27 * 3 + index % 9 / 3
                return marks[index] == nil && !isClosed(board) && (active == nil || active == board)
            }
        }
    }
}
