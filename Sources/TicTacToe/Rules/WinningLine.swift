/// Three cells in a row, column or diagonal. Its cells are in ascending order.
public struct WinningLine: Hashable, Sendable, CustomStringConvertible {
    public let cells: [Cell]

    /// The eight lines: three rows, three columns, two diagonals.
    public static let all: [WinningLine] = [
        [0, 1, 2], [3, 4, 5], [6, 7, 8],
        [0, 3, 6], [1, 4, 7], [2, 5, 8],
        [0, 4, 8], [2, 4, 6],
    ].map { WinningLine(cells: $0.map(Cell.init(uncheckedIndex:))) }

    /// A line from any three cells that form one, in any order.
    public init?(_ cells: [Cell]) {
        guard let line = WinningLine.all.first(where: { $0.cells == cells.sorted() }) else { return nil }
        self = line
    }

    private init(cells: [Cell]) {
        self.cells = cells
        mask = cells.reduce(0) { $0 | 1 << $1.index }
    }

    /// The line's cells as bits, bit n for cell n.
    let mask: UInt16

    public var description: String { cells.map(\.name).joined(separator: "-") }
}

extension WinningLine: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let line = WinningLine(try container.decode([Cell].self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not three cells in a line")
        }
        self = line
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cells)
    }
}
