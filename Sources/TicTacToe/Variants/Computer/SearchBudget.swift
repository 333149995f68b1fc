/// What each level may spend on the variants that are searched rather than solved. The
/// budgets are counts (positions for Gomoku, playouts for Ultimate), never time, so a
/// seed and a position always give the same move; `strong` is sized to answer within a
/// second of one core in a release build on the slowest move of a game.
struct SearchBudget: Hashable, Sendable {
    /// Positions the Gomoku search may visit.
    let nodes: Int
    /// Cells each Gomoku position considers (twice as many at the root).
    let breadth: Int
    /// Playouts the Ultimate tree search may run.
    let playouts: Int

    static let easy = SearchBudget(nodes: 60, breadth: 30, playouts: 100)
    static let medium = SearchBudget(nodes: 3_000, breadth: 10, playouts: 1_500)
    static let strong = SearchBudget(nodes: 100_000, breadth: 12, playouts: 40_000)

    /// `hard` and `perfect` both play the strongest game: neither board is solved, so
    /// there is no perfect play to hold back from.
    init(_ level: Level) {
        switch level {
        case .easy: self = .easy
        case .medium: self = .medium
        case .hard, .perfect: self = .strong
        }
    }

    private init(nodes: Int, breadth: Int, playouts: Int) {
        self.nodes = nodes
        self.breadth = breadth
        self.playouts = playouts
    }
}
