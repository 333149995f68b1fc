import Foundation
import TicTacToe

public struct CreateChallengeRequest: Codable, Hashable, Sendable {
    /// The online player to challenge.
    public var opponent: UserID
    /// The challenger's side; X moves first. Default X.
    public var side: Mark?
    /// The game's time control; casual when left out. A correspondence challenge may go to
    /// a player who is offline, and waits days for the answer.
    public var timeControl: TimeControl?
    /// The board to play on; classic when left out.
    public var variant: Variant?

    public init(opponent: UserID, side: Mark? = nil, timeControl: TimeControl? = nil, variant: Variant? = nil) {
        self.opponent = opponent
        self.side = side
        self.timeControl = timeControl
        self.variant = variant
    }
}

/// One player asking another for a game. It lives until it is answered, cancelled or
/// expires; its last state travels in the event that ends it.
public struct Challenge: Codable, Hashable, Sendable {
    public enum State: String, Codable, Hashable, Sendable {
        /// Waiting for an answer; `seen` tells whether the challenged client showed it.
        case pending
        case accepted
        case declined
        /// Withdrawn by the challenger.
        case cancelled
        /// Unanswered until `expires_at`.
        case expired
    }

    public let id: ChallengeID
    public let challenger: PlayerSummary
    public let opponent: PlayerSummary
    /// The challenger's side.
    public let side: Mark
    public let state: State
    /// The challenged player's client has displayed it.
    public let seen: Bool
    /// The game an accepted challenge started.
    public let game: GameID?
    public let createdAt: Date
    public let expiresAt: Date
    /// The time control of the game it would start; nil for casual.
    public let timeControl: TimeControl?
    /// The board of the game it would start (the server always says; read a challenge
    /// without one as classic).
    public let variant: Variant?

    public init(id: ChallengeID, challenger: PlayerSummary, opponent: PlayerSummary, side: Mark, state: State,
                seen: Bool, game: GameID?, createdAt: Date, expiresAt: Date, timeControl: TimeControl? = nil,
                variant: Variant = .classic) {
        self.variant = variant
        self.id = id
        self.challenger = challenger
        self.opponent = opponent
        self.side = side
        self.state = state
        self.seen = seen
        self.game = game
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.timeControl = timeControl
    }
}

/// Where the caller stands with *Play random*.
public struct MatchmakingStatus: Codable, Hashable, Sendable {
    public enum State: String, Codable, Hashable, Sendable {
        /// In the queue, until someone comes.
        case waiting
        /// Paired: `game` is the game to play.
        case matched
        /// Not in the queue.
        case idle
    }

    public let state: State
    public let game: GameView?
    /// When the caller joined the queue, while waiting.
    public let since: Date?
    /// The time control the caller waits to be paired for, while waiting.
    public let timeControl: TimeControl?
    /// The board the caller waits to be paired for, while waiting.
    public let variant: Variant?

    public init(state: State, game: GameView? = nil, since: Date? = nil, timeControl: TimeControl? = nil,
                variant: Variant? = nil) {
        self.variant = variant
        self.state = state
        self.game = game
        self.since = since
        self.timeControl = timeControl
    }
}

/// `POST /v1/matchmaking`: *Play random* for games of one variant and time control
/// (validated as `CreateGameRequest`'s); classic and casual when left out. Players are
/// paired only with a game or a player waiting for the same variant and control.
public struct PlayRandomRequest: Codable, Hashable, Sendable {
    public var timeControl: TimeControl?
    public var variant: Variant?

    public init(timeControl: TimeControl? = nil, variant: Variant? = nil) {
        self.timeControl = timeControl
        self.variant = variant
    }
}

/// `GET /v1/challenges`: the caller's waiting challenges, made and received, newest first.
public struct ChallengeList: Codable, Hashable, Sendable {
    public let challenges: [Challenge]

    public init(challenges: [Challenge]) {
        self.challenges = challenges
    }
}
