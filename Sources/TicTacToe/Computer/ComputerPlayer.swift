/// The computer opponent. It chooses among the moves its level allows, at random from
/// the generator it is given when several are equally good.
public struct ComputerPlayer: Hashable, Sendable {
    public let level: Level
    /// How often `hard` plays a deliberately worse move when one exists.
    public let mistakeRate: Double

    public init(level: Level, mistakeRate: Double = 0.2) {
        self.level = level
        self.mistakeRate = mistakeRate
    }

    /// The move to play, or nil when the game is over.
    public func move(in state: GameState, using generator: inout some RandomNumberGenerator) -> Cell? {
        guard state.turn != nil else { return nil }
        if level == .hard, Double.random(in: 0..<1, using: &generator) < mistakeRate,
           let mistake = Self.mistakes(in: state).randomElement(using: &generator) {
            return mistake
        }
        return candidates(in: state).randomElement(using: &generator)
    }

    /// The moves this level picks from (at random) when it plays its normal game; `hard`
    /// is `perfect` apart from its mistakes.
    public func candidates(in state: GameState) -> [Cell] {
        switch level {
        case .easy: state.legalMoves
        case .medium: Self.tacticalMoves(in: state)
        case .hard, .perfect: Self.bestMoves(in: state)
        }
    }

    /// The perfect player's choices: the quickest wins; failing that, the draws that leave
    /// the opponent the most replies that lose; failing that, the slowest losses.
    public static func bestMoves(in state: GameState) -> [Cell] {
        let evaluations = Analysis.evaluations(of: state)
        guard let best = evaluations.map(\.outcome).max() else { return [] }
        let bestMoves = evaluations.filter { $0.outcome == best }.map(\.cell)
        guard best == .draw, let mark = state.turn else { return bestMoves }
        let trapCounts = bestMoves.map { cell in
            losingReplies(after: try! state.playing(cell, as: mark))
        }
        let mostTraps = trapCounts.max()!
        return zip(bestMoves, trapCounts).filter { $0.1 == mostTraps }.map(\.0)
    }

    /// Moves worse than the best, which is what a mistake is.
    static func mistakes(in state: GameState) -> [Cell] {
        let evaluations = Analysis.evaluations(of: state)
        guard let best = evaluations.map(\.outcome).max() else { return [] }
        return evaluations.filter { $0.outcome < best }.map(\.cell)
    }

    /// A winning cell if there is one, else a cell that stops the opponent winning next
    /// move, else any legal cell.
    static func tacticalMoves(in state: GameState) -> [Cell] {
        guard let mark = state.turn else { return [] }
        let wins = completingCells(for: mark, on: state.board)
        if !wins.isEmpty { return wins }
        let blocks = completingCells(for: mark.opponent, on: state.board)
        return blocks.isEmpty ? state.legalMoves : blocks
    }

    /// The empty cells that would complete a line of `mark`'s.
    private static func completingCells(for mark: Mark, on board: Board) -> [Cell] {
        board.emptyCells.filter { board.placing(mark, at: $0).winner != nil }
    }

    /// How many of the opponent's replies lose for the opponent under perfect play.
    private static func losingReplies(after state: GameState) -> Int {
        Analysis.evaluations(of: state).filter {
            if case .loss = $0.outcome { return true } else { return false }
        }.count
    }
}
