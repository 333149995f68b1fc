/// A k-in-a-row board made for search. Every run of k cells in a line (a "window") keeps
/// how many stones of each side it holds, so that placing or lifting a stone touches only
/// the at most 4k windows through its cell. From those counts come, in constant time per
/// window: the evaluation (a window that only one side has entered is worth more the more
/// stones it holds), whether a side threatens to complete a line next move, and how much a
/// cell is worth to either side.
///
/// Sides are 0 (X) and 1 (O).
struct LineSearchBoard: Sendable {
    let rules: LineRules
    /// Each window's k cells, window after window.
    private let windowCells: [Int]
    /// The windows through each cell.
    private let cellWindows: CellLists
    /// The cells within two steps of each cell: only cells near play are worth a look.
    private let neighbours: CellLists
    /// A window's worth to the side that alone holds `n` stones in it, for n in 0...k.
    private let weights: [Int]

    /// 0 empty, 1 X, 2 O.
    private var stones: [UInt8]
    private(set) var stoneCount = 0
    /// Stones of X and of O in each window: entry 2w is X's, 2w + 1 is O's.
    private var counts: [UInt8]
    /// Each side's summed window weights.
    private var score = [0, 0]
    /// Each side's windows that one more stone would complete.
    private(set) var threats = [0, 0]
    /// Stones among each cell's neighbours.
    private var nearby: [UInt8]

    init(rules: LineRules, cells: [Mark?]) {
        self.rules = rules
        let k = rules.lineLength
        var windowCells: [Int] = [], perCell = [[Int]](repeating: [], count: rules.cellCount)
        for start in 0..<rules.cellCount {
            for (dx, dy) in LineRules.directions {
                guard rules.cell(from: start, dx: dx, dy: dy, steps: k - 1) != nil else { continue }
                let window = windowCells.count / k
                for step in 0..<k {
                    let cell = rules.cell(from: start, dx: dx, dy: dy, steps: step)!
                    windowCells.append(cell)
                    perCell[cell].append(window)
                }
            }
        }
        self.windowCells = windowCells
        cellWindows = CellLists(perCell)
        neighbours = CellLists((0..<rules.cellCount).map { cell in
            let column = cell % rules.width, row = cell / rules.width
            return (max(0, row - 2)...min(rules.height - 1, row + 2)).flatMap { y in
                (max(0, column - 2)...min(rules.width - 1, column + 2)).map { y * rules.width + $0 }
            }.filter { $0 != cell }
        })
        // Each stone more in a window is worth about eight times as much.
        weights = (0...k).map { $0 == 0 ? 0 : 1 << (3 * ($0 - 1)) }
        stones = Array(repeating: 0, count: rules.cellCount)
        counts = Array(repeating: 0, count: windowCells.count / k * 2)
        nearby = Array(repeating: 0, count: rules.cellCount)
        for (cell, mark) in cells.enumerated() {
            if let mark { place(cell, side: mark == .x ? 0 : 1) }
        }
    }

    var isFull: Bool { stoneCount == stones.count }

    /// The worth of the position to `side`, which is to move.
    func evaluation(for side: Int) -> Int { score[side] - score[1 - side] }

    /// Puts a stone of `side` on empty `cell`.
    mutating func place(_ cell: Int, side: Int) {
        for window in cellWindows[cell] {
            count(window, sign: -1)
            counts[2 * window + side] += 1
            count(window, sign: 1)
        }
        stones[cell] = UInt8(side + 1)
        stoneCount += 1
        for neighbour in neighbours[cell] { nearby[neighbour] += 1 }
    }

    /// Lifts the stone of `side` that `place` put on `cell`.
    mutating func remove(_ cell: Int, side: Int) {
        for window in cellWindows[cell] {
            count(window, sign: -1)
            counts[2 * window + side] -= 1
            count(window, sign: 1)
        }
        stones[cell] = 0
        stoneCount -= 1
        for neighbour in neighbours[cell] { nearby[neighbour] -= 1 }
    }

    /// The empty cells where a stone of `side` would complete a line, each once.
    func completingCells(for side: Int) -> [Int] {
        guard threats[side] > 0 else { return [] }
        var cells: [Int] = []
        let k = rules.lineLength
        for window in 0..<counts.count / 2 where Int(counts[2 * window + side]) == k - 1 && counts[2 * window + 1 - side] == 0 {
            let empty = windowCells[(window * k)..<(window * k + k)].first { stones[$0] == 0 }!
            if !cells.contains(empty) { cells.append(empty) }
        }
        return cells
    }

    /// The empty cells near stones, each with how much a stone of `side` there changes the
    /// evaluation for `side`: what it adds to its own windows plus what it takes from the
    /// opponent's.
    func candidates(for side: Int) -> [(cell: Int, gain: Int)] {
        var found: [(cell: Int, gain: Int)] = []
        for cell in stones.indices where stones[cell] == 0 && nearby[cell] > 0 {
            var gain = 0
            for window in cellWindows[cell] {
                let own = Int(counts[2 * window + side]), other = Int(counts[2 * window + 1 - side])
                if other == 0 { gain += weights[own + 1] - weights[own] }
                if own == 0 { gain += weights[other] }
            }
            found.append((cell, gain))
        }
        return found
    }

    private mutating func count(_ window: Int, sign: Int) {
        let x = Int(counts[2 * window]), o = Int(counts[2 * window + 1])
        if o == 0 {
            score[0] += sign * weights[x]
            if x == rules.lineLength - 1 { threats[0] += sign }
        }
        if x == 0 {
            score[1] += sign * weights[o]
            if o == rules.lineLength - 1 { threats[1] += sign }
        }
    }
}
