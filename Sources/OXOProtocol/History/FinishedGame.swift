import Foundation
import TicTacToe

/// A finished game as a player's history lists it: who played, how it ended and when.
public struct FinishedGame: Codable, Hashable, Sendable {
    public let id: GameID
    public let variant: Variant
    public let mode: GameMode
    public let x: Seat?
    public let o: Seat?
    public let result: GameResult
    /// How many moves were played.
    public let moveCount: Int
    /// The position the game ended on.
    public let board: Grid
    public let createdAt: Date
    public let endedAt: Date

    public init(id: GameID, variant: Variant, mode: GameMode, x: Seat?, o: Seat?, result: GameResult, moveCount: Int,
                board: Grid, createdAt: Date, endedAt: Date) {
        self.id = id
        self.variant = variant
        self.mode = mode
        self.x = x
        self.o = o
        self.result = result
        self.moveCount = moveCount
        self.board = board
        self.createdAt = createdAt
        self.endedAt = endedAt
    }

    public func seat(_ mark: Mark) -> Seat? { mark == .x ? x : o }
}

/// A page of a player's finished games, the last to end first. Pass `next_cursor` as
/// `cursor` for the next page.
public struct FinishedGamePage: Codable, Hashable, Sendable {
    public let games: [FinishedGame]
    public let nextCursor: String?

    public init(games: [FinishedGame], nextCursor: String?) {
        self.games = games
        self.nextCursor = nextCursor
    }
}
