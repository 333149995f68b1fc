/// Where a game of any variant stands.
public enum VariantStatus: Hashable, Sendable {
    case inProgress
    /// `line` holds the cells of the winning line in ascending order (a longer run
    /// than needed is reported whole); for Ultimate it holds the numbers (0–8) of the
    /// three small boards in a line, as `UltimateGrid` numbers them.
    case won(by: Mark, line: [Int])
    case draw

    public var isOver: Bool { self != .inProgress }

    public var winner: Mark? {
        if case .won(let mark, _) = self { return mark }
        return nil
    }

    public var winningLine: [Int]? {
        if case .won(_, let line) = self { return line }
        return nil
    }
}

extension VariantStatus: Codable {
    // Classic's GameStatus is written in this shape too, so a client reads both alike.
    private enum CodingKeys: String, CodingKey { case state, winner, line }
    private enum State: String, Codable { case inProgress = "in_progress", won, draw }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(State.self, forKey: .state) {
        case .inProgress: self = .inProgress
        case .draw: self = .draw
        case .won:
            self = .won(by: try container.decode(Mark.self, forKey: .winner),
                        line: try container.decode([Int].self, forKey: .line))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .inProgress: try container.encode(State.inProgress, forKey: .state)
        case .draw: try container.encode(State.draw, forKey: .state)
        case .won(let mark, let line):
            try container.encode(State.won, forKey: .state)
            try container.encode(mark, forKey: .winner)
            try container.encode(line, forKey: .line)
        }
    }
}
