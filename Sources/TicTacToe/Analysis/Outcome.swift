/// What perfect play from both sides leads to, seen by the side that moves.
public enum Outcome: Hashable, Sendable, Comparable {
    /// The side wins; the game ends after `inMoves` more moves, counting its own.
    case win(inMoves: Int)
    case draw
    /// The side loses; the game ends after `inMoves` more moves, counting its own.
    case loss(inMoves: Int)

    /// Larger is better for the side that moves: a quicker win, then a draw, then a
    /// slower loss. Fits in an `Int8`, which keeps the solved table small.
    var score: Int8 {
        switch self {
        case .win(let moves): Int8(100 - moves)
        case .draw: 0
        case .loss(let moves): Int8(-(100 - moves))
        }
    }

    init(score: Int8) {
        switch score {
        case 0: self = .draw
        case 1...: self = .win(inMoves: 100 - Int(score))
        default: self = .loss(inMoves: 100 + Int(score))
        }
    }

    public static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.score < rhs.score }
}

extension Outcome: Codable {
    private enum CodingKeys: String, CodingKey { case result, inMoves }
    private enum Result: String, Codable { case win, draw, loss }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Result.self, forKey: .result) {
        case .draw: self = .draw
        case .win: self = .win(inMoves: try container.decode(Int.self, forKey: .inMoves))
        case .loss: self = .loss(inMoves: try container.decode(Int.self, forKey: .inMoves))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .draw:
            try container.encode(Result.draw, forKey: .result)
        case .win(let moves):
            try container.encode(Result.win, forKey: .result)
            try container.encode(moves, forKey: .inMoves)
        case .loss(let moves):
            try container.encode(Result.loss, forKey: .result)
            try container.encode(moves, forKey: .inMoves)
        }
    }
}

extension Outcome {
    /// Win, draw or loss, however many moves away: what a verdict compares.
    public enum Kind: Int, Comparable, Sendable {
        case loss, draw, win

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var kind: Kind {
        switch self {
        case .win: .win
        case .draw: .draw
        case .loss: .loss
        }
    }
}
