import Foundation
import OXOProtocol
import TicTacToe

/// A row of `games` as `GameQueries.select()` reads it: the game's columns, then its
/// players' names and its watcher count, so that a view of it needs only its moves.
struct GameRow: Codable, Sendable {
    var id: UUID
    var code: String
    var mode: String
    var listed: Bool
    var level: String?
    var xUserId: UUID?
    var oUserId: UUID?
    var creatorId: UUID
    var phase: String
    var moveCount: Int
    var winner: String?
    var resultReason: String?
    var createdAt: Date
    var updatedAt: Date
    var xAwaySince: Date?
    var oAwaySince: Date?
    var xClaimableAt: Date?
    var oClaimableAt: Date?
    var rematchOffers: String?
    var rematchGameId: UUID?
    var xUsername: String?
    var xDisplayName: String?
    var oUsername: String?
    var oDisplayName: String?
    var watchers: Int

    /// The columns by name, spelled out: converting every key from snake case on every
    /// read cost more than any other part of reading a game.
    enum CodingKeys: String, CodingKey {
        case id, code, mode, listed, level, phase, winner, watchers
        case xUserId = "x_user_id", oUserId = "o_user_id", creatorId = "creator_id", moveCount = "move_count"
        case resultReason = "result_reason", createdAt = "created_at", updatedAt = "updated_at"
        case xAwaySince = "x_away_since", oAwaySince = "o_away_since"
        case xClaimableAt = "x_claimable_at", oClaimableAt = "o_claimable_at"
        case rematchOffers = "rematch_offers", rematchGameId = "rematch_game_id"
        case xUsername = "x_username", xDisplayName = "x_display_name"
        case oUsername = "o_username", oDisplayName = "o_display_name"
    }

    var gameID: GameID { GameID(rawValue: id) }
    var gameMode: GameMode { GameMode(rawValue: mode) ?? .online }
    var gamePhase: GamePhase { GamePhase(rawValue: phase) ?? .finished }
    var computerLevel: Level? { level.flatMap(Level.init(rawValue:)) }

    /// The seat's user id; nil for an empty seat or the computer's.
    func userID(of mark: Mark) -> UUID? { mark == .x ? xUserId : oUserId }

    /// The marks `user` plays: none, one, or both in a pass-and-play game.
    func marks(of user: UserID) -> [Mark] {
        Mark.allCases.filter { userID(of: $0) == user.rawValue }
    }

    /// When the player of `mark` left a live game, and from when the win may be claimed.
    func absence(of mark: Mark) -> (since: Date, claimableAt: Date)? {
        let (since, claimable) = mark == .x ? (xAwaySince, xClaimableAt) : (oAwaySince, oClaimableAt)
        guard let since, let claimable else { return nil }
        return (since, claimable)
    }

    /// The marks whose players offered a rematch.
    var rematchOfferedBy: [Mark] {
        Mark.allCases.filter { rematchOffers?.contains($0.rawValue) == true }
    }

    /// A finished game between two people, which they can play again.
    var allowsRematch: Bool {
        gameMode == .online && gamePhase == .finished && xUserId != nil && oUserId != nil
    }

    /// The person in the seat of `mark`; nil for an empty seat or the computer's.
    func player(_ mark: Mark) -> PlayerSummary? {
        let (id, username, displayName) = mark == .x ? (xUserId, xUsername, xDisplayName) : (oUserId, oUsername, oDisplayName)
        guard let id, let username, let displayName else { return nil }
        return PlayerSummary(id: UserID(rawValue: id), username: username, displayName: displayName)
    }

    /// The mark the computer plays in a game against it.
    var computerMark: Mark? {
        guard gameMode == .computer else { return nil }
        return xUserId == nil ? .x : .o
    }
}

/// A row of `moves`.
struct MoveRow: Codable, Sendable {
    var gameId: UUID
    var number: Int
    var cell: Int
    var mark: String
    var playedAt: Date

    enum CodingKeys: String, CodingKey {
        case number, cell, mark
        case gameId = "game_id", playedAt = "played_at"
    }
}

/// A game and its moves as a change read or left them: all a view of it is built from.
struct StoredGame: Sendable {
    var row: GameRow
    var moves: [MoveRow]

    /// The position, replayed from the moves.
    func state() throws -> GameState {
        try GameState(moves: moves.compactMap { Cell(index: $0.cell) })
    }

    var view: GameView { GameViews.view(of: row, moves: moves) }
}
