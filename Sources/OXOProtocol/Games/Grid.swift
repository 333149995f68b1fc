import TicTacToe

/// The marks on a game's whole grid, row-major from the top-left, written on the wire as
/// one character a cell ("X", "O" or "."): classic's nine, "X...O...." for instance,
/// Gomoku's 225. The grid's width comes from the game's variant.
public struct Grid: Hashable, Sendable, CustomStringConvertible {
    public let cells: [Mark?]

    public init(_ cells: [Mark?]) {
        self.cells = cells
    }

    /// The grid a text of "X", "O" and "." describes; nil when another character is in it.
    public init?(_ text: String) {
        var cells: [Mark?] = []
        cells.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "X"): cells.append(.x)
            case UInt8(ascii: "O"): cells.append(.o)
            case UInt8(ascii: "."): cells.append(nil)
            default: return nil
            }
        }
        self.cells = cells
    }

    public subscript(index: Int) -> Mark? { cells.indices.contains(index) ? cells[index] : nil }

    /// The cells without a mark, in ascending order.
    public var emptyCells: [Int] { cells.indices.filter { cells[$0] == nil } }

    /// How many cells hold a mark.
    public var markCount: Int { cells.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    public var description: String { String(cells.map { $0.map { Character($0.rawValue) } ?? "." }) }
}

extension Grid: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let grid = Grid(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a grid is a text of X, O and .")
        }
        self = grid
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
