import OXOProtocol
import TicTacToe

extension OXOClient {
    /// The games `player` sat in that have finished, the last to end first. Pass a page's
    /// `nextCursor` for the next one.
    public func finishedGames(of player: UserID, cursor: String? = nil, limit: Int? = nil) async throws -> FinishedGamePage {
        try await perform(Endpoints.finishedGames(of: player, cursor: cursor, limit: limit))
    }

    /// A finished game move by move, each move with the solver's verdict (`best`, `neutral`
    /// or `mistake`). A game still being played fails with `game_not_finished`.
    public func replay(of game: GameID) async throws -> Replay {
        try await perform(Endpoints.replay(game))
    }

    /// A finished game in the text notation: "#" header lines, then one move a line, such
    /// as "1. b2 X". `Notation.parse` reads it back into the game.
    public func notation(of game: GameID) async throws -> String {
        try await perform(Endpoints.notation(game))
    }
}
