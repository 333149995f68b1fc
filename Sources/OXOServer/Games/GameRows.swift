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
