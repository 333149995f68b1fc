/// Where a game stands.
public enum GameStatus: Hashable, Sendable {
    case inProgress
    case won(by: Mark, line: WinningLine)
    case draw

    public var isOver: Bool { self != .inProgress }

    public var winner: Mark? {
        if case .won(let mark, _) = self { return mark }
        return nil
    }

    public var winningLine: WinningLine? {
        if case .won(_, let line) = self { return line }
        return nil
    }
}

extension GameStatus: Codable {
    /// Written as every variant's status is (`VariantStatus`), the line as its cells' numbers.
    public init(from decoder: any Decoder) throws {
        switch try VariantStatus(from: decoder) {
        case .inProgress: self = .inProgress
        case .draw: self = .draw
        case .won(let mark, let indexes):
            let cells = indexes.compactMap(Cell.init(index:))
            guard cells.count == indexes.count, let line = WinningLine(cells) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not three cells in a line"))
            }
            self = .won(by: mark, line: line)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try variantStatus.encode(to: encoder)
    }

    /// The same status as every variant states it.
    var variantStatus: VariantStatus {
        switch self {
        case .inProgress: .inProgress
        case .draw: .draw
        case .won(let mark, let line): .won(by: mark, line: line.cells.map(\.index))
        }
    }
}
