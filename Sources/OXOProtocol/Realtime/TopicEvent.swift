/// Something that happened on a topic. Every event carries what it is about as it stands
/// after it (the game, the player's presence, the challenge), so a client only ever
/// replaces its copy.
public struct TopicEvent: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// Lobby: a listed game waits for an opponent. The creator's inbox: any new game.
        case gameOpened = "game_opened"
        /// Game, lobby, and the creator's inbox: the free seat was taken.
        case playerJoined = "player_joined"
        /// Game: a move was played.
        case movePlayed = "move_played"
        /// Game, lobby, and both players' inboxes: won, drawn or resigned.
        case gameFinished = "game_finished"
        /// Game: someone started or stopped watching.
        case watchersChanged = "watchers_changed"
        /// A player's inbox: the opponent moved and it is this player's turn.
        case yourTurn = "your_turn"
        /// Both players' inboxes: a game with both seats taken began for them (an
        /// accepted challenge, a random pairing, a rematch).
        case gameStarted = "game_started"
        /// Game: a seated player's last client went away (`game.away` says until when).
        case playerLeft = "player_left"
        /// Game: the player came back; the game goes on.
        case playerReturned = "player_returned"
        /// Game: a player offered a rematch, or both did and `game.rematch.game` began.
        case rematchChanged = "rematch_changed"
        /// Presence: a player came online, went offline or changed status.
        case presenceChanged = "presence_changed"
        /// Both players' inboxes: a challenge was made, seen, answered, cancelled or
        /// expired (`challenge.state`).
        case challengeChanged = "challenge_changed"
    }

    public let kind: Kind
    /// For game events.
    public let game: GameView?
    /// For `presence_changed`.
    public let presence: OnlinePlayer?
    /// For `challenge_changed`.
    public let challenge: Challenge?

    public init(kind: Kind, game: GameView) {
        self.kind = kind
        self.game = game
        presence = nil
        challenge = nil
    }

    public init(presence: OnlinePlayer) {
        kind = .presenceChanged
        game = nil
        self.presence = presence
        challenge = nil
    }

    public init(challenge: Challenge) {
        kind = .challengeChanged
        game = nil
        presence = nil
        self.challenge = challenge
    }
}

/// The state of a topic at one sequence number, sent instead of events when a client
/// subscribes fresh or has missed more than the server keeps.
public struct TopicSnapshot: Codable, Hashable, Sendable {
    /// For a game topic.
    public let game: GameView?
    /// For the lobby: listed games waiting for an opponent, newest first.
    public let open: [GameView]?
    /// For the lobby: listed games being played, newest first.
    public let live: [GameView]?
    /// For a user's inbox: the user's games not yet finished, newest first.
    public let games: [GameView]?
    /// For a user's inbox: the challenges made to or by the user still waiting.
    public let challenges: [Challenge]?
    /// For presence: everyone online, by username.
    public let online: [OnlinePlayer]?

    public init(game: GameView? = nil, open: [GameView]? = nil, live: [GameView]? = nil, games: [GameView]? = nil,
                challenges: [Challenge]? = nil, online: [OnlinePlayer]? = nil) {
        self.game = game
        self.open = open
        self.live = live
        self.games = games
        self.challenges = challenges
        self.online = online
    }
}
