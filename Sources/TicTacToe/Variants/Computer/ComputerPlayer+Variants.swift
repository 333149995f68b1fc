extension ComputerPlayer {
    /// The cell to play in `game`, or nil when the game is over; random choices come from
    /// `generator`, so a seed gives the same move.
    ///
    /// Classic plays as `move(in: GameState)` does. Four in a row is solved: its levels mean
    /// what classic's do. Gomoku and Ultimate are searched within a budget that grows with
    /// the level (`SearchBudget`); `hard` and `perfect` are their strongest.
    public func move(in game: VariantGame, using generator: inout some RandomNumberGenerator) -> Int? {
        guard let mark = game.turn else { return nil }
        switch game.variant {
        case .classic:
            return move(in: game.classicState!, using: &generator)?.index
        case .fourInARow:
            return fourInARowMove(in: game, using: &generator)
        case .gomoku:
            let budget = SearchBudget(level)
            var search = LineSearch(rules: game.variant.lineRules!, cells: game.cells,
                                    nodeBudget: budget.nodes, breadth: budget.breadth)
            return search.bestMove(for: mark == .x ? 0 : 1, using: &generator)
        case .ultimate:
            // A win at once needs no search, and a brief search might not see it.
            if let win = game.legalMoves.first(where: { (try? game.playing(index: $0))?.status.winner == mark }) {
                return win
            }
            var search = UltimateTreeSearch(game.ultimateGame!, seed: generator.next())
            return search.run(playouts: SearchBudget(level).playouts).max { $0.visits < $1.visits }!.index
        }
    }
}
