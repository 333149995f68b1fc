/// A list of cells (or windows) for each cell, kept in one array.
struct CellLists: Sendable {
    private let entries: [Int]
    private let start: [Int]

    init(_ lists: [[Int]]) {
        entries = lists.flatMap { $0 }
        start = lists.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    }

    subscript(cell: Int) -> ArraySlice<Int> { entries[start[cell]..<start[cell + 1]] }
}
