import Foundation
import OXOProtocol
import TicTacToe

/// A row of `games` as SQLKit decodes it.
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
}
