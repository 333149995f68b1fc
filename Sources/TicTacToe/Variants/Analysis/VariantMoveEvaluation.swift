/// One legal move and how good it is for the side that plays it, with where that
/// judgement comes from.
public struct VariantMoveEvaluation: Hashable, Sendable, Codable {
    /// Where a move's value comes from.
    public enum Source: String, Hashable, Sendable, Codable, CaseIterable {
        /// Perfect play: the value is exact (classic and four in a row).
        case solver
        /// The computer player's search: an estimate (Gomoku and Ultimate).
        case engine
    }

    /// The cell, as the variant numbers it.
    public let index: Int
    public let source: Source
    /// What the move leads to under perfect play; nil when the source is the engine.
    public let outcome: Outcome?
    /// From -1 (the move loses) to 1 (it wins): from the solver exactly -1, 0 or 1 by the
    /// outcome's kind; from the engine its estimate, to compare with the other moves of
    /// the same position.
    public let score: Double

    public init(index: Int, source: Source, outcome: Outcome?, score: Double) {
        self.index = index
        self.source = source
        self.outcome = outcome
        self.score = score
    }

    /// A solved move's evaluation.
    init(index: Int, outcome: Outcome) {
        let score: Double = switch outcome.kind {
        case .win: 1
        case .draw: 0
        case .loss: -1
        }
        self.init(index: index, source: .solver, outcome: outcome, score: score)
    }
}
