/// One of the nine cells, numbered 0–8 row-major from the top-left and also named by
/// coordinates: columns a–c from the left, rows 1–3 from the top, so 0 is "a1",
/// 2 is "c1", 4 is "b2" and 8 is "c3".
public struct Cell: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int

    public static let all: [Cell] = (0..<9).map { Cell(uncheckedIndex: $0) }

    public init?(index: Int) {
        guard (0..<9).contains(index) else { return nil }
        self.index = index
    }

    /// Parses a cell number ("0"–"8") or a coordinate ("a1"–"c3", either case).
    public init?(_ text: String) {
        let characters = Array(text)
        if characters.count == 1, let digit = characters[0].wholeNumberValue {
            self.init(index: digit)
            return
        }
        guard characters.count == 2,
              let column = "abc".firstIndex(of: Character(characters[0].lowercased())),
              let row = characters[1].wholeNumberValue, (1...3).contains(row)
        else { return nil }
        self.init(uncheckedIndex: (row - 1) * 3 + "abc".distance(from: "abc".startIndex, to: column))
    }

    init(uncheckedIndex: Int) { index = uncheckedIndex }

    /// 0 for the top row, 2 for the bottom one.
    public var row: Int { index / 3 }
    /// 0 for the left column, 2 for the right one.
    public var column: Int { index % 3 }

    /// The coordinate name, such as "b2".
    public var name: String { String(Array("abc")[column]) + String(row + 1) }

    public var description: String { name }

    public static func < (lhs: Cell, rhs: Cell) -> Bool { lhs.index < rhs.index }
}

extension Cell: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let index = try container.decode(Int.self)
        guard let cell = Cell(index: index) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "cell \(index) is not in 0...8")
        }
        self = cell
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(index)
    }
}
