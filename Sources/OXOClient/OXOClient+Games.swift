import OXOProtocol
import TicTacToe

extension OXOClient {
    /// Starts a game. The creator takes `side` (X always moves first); a `listed` game
    /// shows in the lobby, an unlisted one is found by its code. A game between two people
    /// may have a clock or be played by correspondence (`timeControl`); casual when nil.
    /// The board is `variant`'s, classic when nil.
    public func createGame(side: Mark, listed: Bool? = nil, mode: GameMode? = nil, level: Level? = nil,
                           timeControl: TimeControl? = nil, variant: Variant? = nil) async throws -> GameView {
        try await perform(Endpoints.createGame(CreateGameRequest(side: side, listed: listed, mode: mode, level: level,
                                                                 timeControl: timeControl, variant: variant)))
    }

    /// The signed-in user's games, newest first. Pass a page's `nextCursor` for the next one.
    public func myGames(cursor: String? = nil, limit: Int? = nil) async throws -> GamePage {
        try await perform(Endpoints.myGames(cursor: cursor, limit: limit))
    }

    /// Listed games waiting for an opponent, newest first.
    public func openGames(cursor: String? = nil, limit: Int? = nil) async throws -> GamePage {
        try await perform(Endpoints.openGames(cursor: cursor, limit: limit))
    }

    /// Listed games being played, newest first.
    public func liveGames(cursor: String? = nil, limit: Int? = nil) async throws -> GamePage {
        try await perform(Endpoints.liveGames(cursor: cursor, limit: limit))
    }

    /// A game by its id or its six-character share code.
    public func game(_ idOrCode: String) async throws -> GameView {
        try await perform(Endpoints.game(idOrCode))
    }

    public func game(_ id: GameID) async throws -> GameView {
        try await game(id.description)
    }

    /// Takes the free seat.
    @discardableResult
    public func join(_ game: GameID) async throws -> GameView {
        try await perform(Endpoints.join(game))
    }

    /// Plays `cell` (0–8, row by row) as move `moveNumber` (the game's `nextMoveNumber`).
    /// Safe to retry: the same number and cell again succeed again. A number from an outdated
    /// view fails with `stale_state`, whose `game` is the game as it stands.
    @discardableResult
    public func move(game: GameID, cell: Int, moveNumber: Int) async throws -> GameView {
        try await perform(Endpoints.move(game, MoveRequest(cell: cell, moveNumber: moveNumber)))
    }

    /// Plays `cell` as the next move of `game` as this client last saw it.
    @discardableResult
    public func move(_ cell: Int, in game: GameView) async throws -> GameView {
        try await move(game: game.id, cell: cell, moveNumber: game.nextMoveNumber)
    }

    /// Withdraws an open game of one's own before anyone joins: it leaves the lobby, and the
    /// game returned is finished with the reason `cancelled`.
    @discardableResult
    public func cancel(_ game: GameID) async throws -> GameView {
        try await perform(Endpoints.cancel(game))
    }

    @discardableResult
    public func resign(_ game: GameID) async throws -> GameView {
        try await perform(Endpoints.resign(game))
    }

    /// The engine's advice for the player to move, in a game against the computer or in
    /// pass-and-play, or on the position a finished game stopped at.
    public func hint(_ game: GameID) async throws -> Hint {
        try await perform(Endpoints.hint(game))
    }

    /// Every board the server plays on, classic first, with its size and rules text.
    public func variants() async throws -> [VariantRules] {
        try await perform(Endpoints.variants())
    }
}
