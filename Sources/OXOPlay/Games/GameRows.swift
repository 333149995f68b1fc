import Foundation
import OXOAccounts
import OXOProtocol
import TicTacToe

/// A row of `games` as `GameQueries.select()` reads it: the game's columns, then its
/// players' names and its watcher count, so that a view of it needs only its moves.
package struct GameRow: Codable, Sendable {
    var id: UUID
    var code: String
    /// Null for classic (`VariantColumn`).
    var variantName: String?
    package var mode: GameMode
    package var listed: Bool
    var level: Level?
    var xUserId: UUID?
    var oUserId: UUID?
    package var creatorId: UUID
    package var phase: GamePhase
    var moveCount: Int
    var winner: Mark?
    var resultReason: GameResult.Reason?
    var createdAt: Date
    /// When the game's phase last changed: when it was created, began, or ended.
    package var updatedAt: Date
    var xAwaySince: Date?
    var oAwaySince: Date?
    var xClaimableAt: Date?
    var oClaimableAt: Date?
    var rematchOffers: RematchOffers?
    var rematchGameId: UUID?
    var timeControlKind: TimeControl.Kind?
    var clockInitial: Int?
    var clockIncrement: Int?
    var daysPerMove: Int?
    var xMs: Int?
    var oMs: Int?
    var turnStartedAt: Date?
    var deadlineAt: Date?
    var remindAt: Date?
    var xUsername: String?
    var xDisplayName: String?
    var oUsername: String?
    var oDisplayName: String?
    var xAvatarMedia: String? = nil
    var oAvatarMedia: String? = nil
    var xBot: Bool? = nil
    var oBot: Bool? = nil
    var watchers: Int

    /// The columns by name, spelled out: converting every key from snake case on every
    /// read cost more than any other part of reading a game.
    enum CodingKeys: String, CodingKey {
        case id, code, mode, listed, level, phase, winner, watchers
        case variantName = "variant"
        case xUserId = "x_user_id", oUserId = "o_user_id", creatorId = "creator_id", moveCount = "move_count"
        case resultReason = "result_reason", createdAt = "created_at", updatedAt = "updated_at"
        case xAwaySince = "x_away_since", oAwaySince = "o_away_since"
        case xClaimableAt = "x_claimable_at", oClaimableAt = "o_claimable_at"
        case rematchOffers = "rematch_offers", rematchGameId = "rematch_game_id"
        case timeControlKind = "time_control", clockInitial = "clock_initial", clockIncrement = "clock_increment"
        case daysPerMove = "days_per_move", xMs = "x_ms", oMs = "o_ms", turnStartedAt = "turn_started_at"
        case deadlineAt = "deadline_at", remindAt = "remind_at"
        case xUsername = "x_username", xDisplayName = "x_display_name"
        case oUsername = "o_username", oDisplayName = "o_display_name"
        case xAvatarMedia = "x_avatar_media", oAvatarMedia = "o_avatar_media"
        case xBot = "x_bot", oBot = "o_bot"
    }

    package var gameID: GameID { GameID(rawValue: id) }

    /// The board the game is played on.
    package var variant: Variant { VariantColumn.read(variantName) }

    /// The seat's user id; nil for an empty seat or the computer's.
    func userID(of mark: Mark) -> UUID? { mark == .x ? xUserId : oUserId }

    /// The marks `user` plays: none, one, or both in a pass-and-play game.
    func marks(of user: UserID) -> [Mark] {
        Mark.allCases.filter { userID(of: $0) == user.rawValue }
    }

    /// The people seated, each once.
    package var players: [UUID] { Array(Set([xUserId, oUserId].compactMap { $0 })) }

    /// When the player of `mark` left a live game, and from when the win may be claimed.
    func absence(of mark: Mark) -> (since: Date, claimableAt: Date)? {
        let (since, claimable) = mark == .x ? (xAwaySince, xClaimableAt) : (oAwaySince, oClaimableAt)
        guard let since, let claimable else { return nil }
        return (since, claimable)
    }

    /// The game's time control; casual for a game without one.
    package var timeControl: TimeControl {
        TimeControl(kind: timeControlKind ?? .casual, initialSeconds: clockInitial, incrementSeconds: clockIncrement,
                    daysPerMove: daysPerMove)
    }

    /// Takes the timing a change wrote.
    mutating func take(_ timing: GameRules.Timing) {
        (xMs, oMs, turnStartedAt, deadlineAt, remindAt) =
            (timing.xMs, timing.oMs, timing.turnStartedAt, timing.deadline, timing.remindAt)
    }

    /// The time left of `mark`'s clock, in milliseconds, when the turn began.
    func milliseconds(of mark: Mark) -> Int { (mark == .x ? xMs : oMs) ?? 0 }

    /// The marks whose players offered a rematch.
    var rematchOfferedBy: [Mark] { rematchOffers?.marks ?? [] }

    /// A finished game between two people, which they can play again.
    var allowsRematch: Bool {
        mode == .online && phase == .finished && xUserId != nil && oUserId != nil
    }

    /// The person in the seat of `mark`; nil for an empty seat or the computer's.
    func player(_ mark: Mark) -> PlayerSummary? {
        mark == .x
            ? PlayerNames.summary(id: xUserId, username: xUsername, displayName: xDisplayName, avatarMedia: xAvatarMedia, bot: xBot)
            : PlayerNames.summary(id: oUserId, username: oUsername, displayName: oDisplayName, avatarMedia: oAvatarMedia, bot: oBot)
    }

    /// The mark the computer plays in a game against it.
    var computerMark: Mark? {
        guard mode == .computer else { return nil }
        return xUserId == nil ? .x : .o
    }

    /// The computer's mark when it is the computer's turn in this live game, `state`.
    func computerToMove(in state: VariantGame) -> Mark? {
        guard phase == .live, let mark = computerMark, state.turn == mark else { return nil }
        return mark
    }
}

/// Who offered to play a finished game again, stored as the marks side by side ("X",
/// "O" or "XO").
struct RematchOffers: Codable, Sendable {
    let marks: [Mark]

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        marks = Mark.allCases.filter { text.contains($0.rawValue) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(marks.map(\.rawValue).joined())
    }
}

/// A row of `moves`.
struct MoveRow: Codable, Sendable {
    var gameId: UUID
    var number: Int
    /// Row-major on the variant's whole grid.
    var cell: Int
    var mark: Mark
    var playedAt: Date

    enum CodingKeys: String, CodingKey {
        case number, cell, mark
        case gameId = "game_id", playedAt = "played_at"
    }
}

/// A game and its moves as a change read or left them, with the position they make,
/// replayed once when the game is read and advanced move by move after that.
package struct StoredGame: Sendable {
    var row: GameRow
    private(set) var moves: [MoveRow]
    private(set) var state: VariantGame

    init(row: GameRow, moves: [MoveRow]) throws {
        self.row = row
        self.moves = moves
        state = try VariantGame(row.variant, moves: moves.map(\.cell))
    }

    /// Adds a move that was stored, with the position it leads to.
    mutating func append(_ move: MoveRow, leadingTo next: VariantGame) {
        moves.append(move)
        state = next
    }

    package var view: GameView { GameViews.view(of: row, moves: moves, state: state) }
}
