/// Nine cells, each empty or holding a mark. Kept as two bit sets so that the solver
/// can index a table by position directly.
public struct Board: Hashable, Sendable, CustomStringConvertible {
    var xBits: UInt16 = 0
    var oBits: UInt16 = 0

    public static let empty = Board()

    public subscript(cell: Cell) -> Mark? {
        let bit: UInt16 = 1 << cell.index
        if xBits & bit != 0 { return .x }
        if oBits & bit != 0 { return .o }
        return nil
    }

    public var emptyCells: [Cell] { Cell.all.filter { self[$0] == nil } }

    public var isFull: Bool { xBits | oBits == 0x1FF }

    /// The mark that holds a complete line, with the line. A board reached by legal play
    /// has at most one winner.
    public var winner: (mark: Mark, line: WinningLine)? {
        for line in WinningLine.all {
            if xBits & line.mask == line.mask { return (.x, line) }
            if oBits & line.mask == line.mask { return (.o, line) }
        }
        return nil
    }

    func placing(_ mark: Mark, at cell: Cell) -> Board {
        var board = self
        if mark == .x { board.xBits |= 1 << cell.index } else { board.oBits |= 1 << cell.index }
        return board
    }

    /// A number unique to this position, below 2^18.
    var key: Int { Int(xBits) | Int(oBits) << 9 }

    /// Nine characters, row by row: "X", "O" or "." for an empty cell.
    public var description: String {
        String(Cell.all.map { self[$0].map { Character($0.rawValue) } ?? "." })
    }

    /// Parses the nine-character form of `description`.
    public init?(_ text: String) {
        let characters = Array(text)
        guard characters.count == 9 else { return nil }
        for (index, character) in characters.enumerated() {
            switch character {
            case "X": xBits |= 1 << index
            case "O": oBits |= 1 << index
            case ".": continue
            default: return nil
            }
        }
    }

    init() {}
}

extension Board: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let board = Board(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a board is nine of X, O or .")
        }
        self = board
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
