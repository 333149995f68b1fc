/// Something that happened on a topic. Every event carries the game as it stands after
/// it, so a client only ever replaces its copy.
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
    }

    public let kind: Kind
    public let game: GameView

    public init(kind: Kind, game: GameView) {
        self.kind = kind
        self.game = game
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

    public init(game: GameView? = nil, open: [GameView]? = nil, live: [GameView]? = nil, games: [GameView]? = nil) {
        self.game = game
        self.open = open
        self.live = live
        self.games = games
    }
}
