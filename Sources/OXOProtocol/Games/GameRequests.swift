import TicTacToe

public struct CreateGameRequest: Codable, Hashable, Sendable {
    /// The creator's side; X always moves first.
    public var side: Mark
    /// Listed games appear in the lobby; private ones are found by code or id.
    public var listed: Bool?
    public var mode: GameMode?
    /// The computer's level, for `mode: computer`.
    public var level: Level?
    /// For an online game; casual when left out.
    public var timeControl: TimeControl?
    /// The board to play on; classic when left out.
    public var variant: Variant?

    public init(side: Mark, listed: Bool? = nil, mode: GameMode? = nil, level: Level? = nil, timeControl: TimeControl? = nil,
                variant: Variant? = nil) {
        self.variant = variant
        self.side = side
        self.listed = listed
        self.mode = mode
        self.level = level
        self.timeControl = timeControl
    }
}

public struct MoveRequest: Codable, Hashable, Sendable {
    public var cell: Int
    /// The number this move will have (the game's `next_move_number`). A retry of a move
    /// already applied is answered as before; a number from an outdated view gets
    /// `stale_state`.
    public var moveNumber: Int

    public init(cell: Int, moveNumber: Int) {
        self.cell = cell
        self.moveNumber = moveNumber
    }
}

/// A page of games, newest first. Pass `next_cursor` as `cursor` for the next page.
public struct GamePage: Codable, Hashable, Sendable {
    public let games: [GameView]
    public let nextCursor: String?

    public init(games: [GameView], nextCursor: String?) {
        self.games = games
        self.nextCursor = nextCursor
    }
}

/// The engine's view of a position, for the player to move.
public struct Hint: Codable, Hashable, Sendable {
    /// The moves the strongest computer player would choose.
    public let best: [Int]
    /// Where the values come from: `solver` (exact: classic, four in a row) or `engine`
    /// (the search's estimate: Gomoku, Ultimate).
    public let source: VariantMoveEvaluation.Source
    public let evaluations: [Evaluation]

    /// One legal move and its value for the player to move.
    public struct Evaluation: Codable, Hashable, Sendable {
        public let cell: Int
        /// What the move leads to under perfect play; only from the solver.
        public let outcome: Outcome?
        /// From -1 (loses) to 1 (wins): the solver's -1, 0 or 1, or the engine's estimate.
        public let score: Double

        public init(cell: Int, outcome: Outcome?, score: Double) {
            self.cell = cell
            self.outcome = outcome
            self.score = score
        }
    }

    public init(best: [Int], source: VariantMoveEvaluation.Source, evaluations: [Evaluation]) {
        self.best = best
        self.source = source
        self.evaluations = evaluations
    }
}
