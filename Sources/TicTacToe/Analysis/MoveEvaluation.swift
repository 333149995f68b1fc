/// One legal move and what it leads to under perfect play, for the side that plays it.
public struct MoveEvaluation: Hashable, Sendable, Codable {
    public let cell: Cell
    public let outcome: Outcome

    public init(cell: Cell, outcome: Outcome) {
        self.cell = cell
        self.outcome = outcome
    }
}
