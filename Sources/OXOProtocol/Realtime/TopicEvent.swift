/// Something that happened on a topic. Every event carries what it is about as it stands
/// after it (the game, the player's presence, the challenge), so a client only ever
/// replaces its copy. On the wire: `{"kind": "<kind>", "game" | "presence" | "challenge" | "session" |
/// "notification" | "read" | "player" | "hidden" | "message" | "seen" | "tournament" | "paired": …}`.
public enum TopicEvent: Hashable, Sendable {
    /// Lobby: a listed game waits for an opponent. The creator's inbox: any new game.
    case gameOpened(GameView)
    /// Game, lobby, and the creator's inbox: the free seat was taken.
    case playerJoined(GameView)
    /// Game: a move was played that did not end the game (the last move of a game comes
    /// as `gameFinished`).
    case movePlayed(GameView)
    /// Game, lobby, and both players' inboxes: won, drawn, resigned, abandoned or expired.
    case gameFinished(GameView)
    /// Game: someone started or stopped watching.
    case watchersChanged(GameView)
    /// A player's inbox: the opponent moved and it is this player's turn.
    case yourTurn(GameView)
    /// Both players' inboxes: a game with both seats taken began for them (an accepted
    /// challenge, a random pairing, a rematch).
    case gameStarted(GameView)
    /// Game: a seated player's last client went away (`game.away` says until when).
    case playerLeft(GameView)
    /// Game: the player came back; the game goes on.
    case playerReturned(GameView)
    /// Game: a player offered a rematch, or both did and `game.rematch.game` began.
    case rematchChanged(GameView)
    /// A player's inbox: a quarter of their correspondence move's time is left (`game.deadline`).
    case timeRunningOut(GameView)
    /// Presence: a player came online, went offline or changed status. Also on each of
    /// their friends' inboxes, so a friends list stays live without following presence.
    case presenceChanged(OnlinePlayer)
    /// Both players' inboxes: a challenge was made, seen, answered, cancelled or expired
    /// (`challenge.state`).
    case challengeChanged(Challenge)
    /// The user's inbox: the session was signed out, revoked or expired; its sockets are
    /// closed.
    case sessionEnded(SessionID)
    /// The user's inbox: a notification was stored.
    case notificationAdded(InboxNotification)
    /// The user's inbox: one notification or all were marked read.
    case notificationsRead(NotificationsRead)
    /// The user's inbox: the user changed their display name (`player` is the new one).
    case playerRenamed(PlayerSummary)
    /// The inboxes of both: a block between the user and another player began or ended;
    /// `hidden` is every player now hidden from the user either way.
    case hiddenChanged([UserID])
    /// A chat room: a message was stored (`message.seq` numbers the room's messages).
    case messagePosted(ChatMessage)
    /// A chat room: a message was deleted by its sender or a moderator; it stays in its
    /// place without text or photo.
    case messageDeleted(ChatMessage)
    /// A conversation: one member read up to a message.
    case messagesSeen(ChatSeen)
    /// A tournament's topic: its standings, pairings and state changed (at most one a
    /// second, the latest state; `you` is left out).
    case tournamentChanged(Tournament)
    /// A player's inbox: a tournament paired them; `paired.game` is the game to open.
    case tournamentGame(TournamentPairedGame)

    /// The event's name on the wire.
    public enum Kind: String, Codable, Hashable, Sendable {
        case gameOpened = "game_opened"
        case playerJoined = "player_joined"
        case movePlayed = "move_played"
        case gameFinished = "game_finished"
        case watchersChanged = "watchers_changed"
        case yourTurn = "your_turn"
        case gameStarted = "game_started"
        case playerLeft = "player_left"
        case playerReturned = "player_returned"
        case rematchChanged = "rematch_changed"
        case timeRunningOut = "time_running_out"
        case presenceChanged = "presence_changed"
        case challengeChanged = "challenge_changed"
        case sessionEnded = "session_ended"
        case notificationAdded = "notification_added"
        case notificationsRead = "notifications_read"
        case playerRenamed = "player_renamed"
        case hiddenChanged = "hidden_changed"
        case messagePosted = "message_posted"
        case messageDeleted = "message_deleted"
        case messagesSeen = "messages_seen"
        case tournamentChanged = "tournament_changed"
        case tournamentGame = "tournament_game"
    }

    public var kind: Kind {
        switch self {
        case .gameOpened: .gameOpened
        case .playerJoined: .playerJoined
        case .movePlayed: .movePlayed
        case .gameFinished: .gameFinished
        case .watchersChanged: .watchersChanged
        case .yourTurn: .yourTurn
        case .gameStarted: .gameStarted
        case .playerLeft: .playerLeft
        case .playerReturned: .playerReturned
        case .rematchChanged: .rematchChanged
        case .timeRunningOut: .timeRunningOut
        case .presenceChanged: .presenceChanged
        case .challengeChanged: .challengeChanged
        case .sessionEnded: .sessionEnded
        case .notificationAdded: .notificationAdded
        case .notificationsRead: .notificationsRead
        case .playerRenamed: .playerRenamed
        case .hiddenChanged: .hiddenChanged
        case .messagePosted: .messagePosted
        case .messageDeleted: .messageDeleted
        case .messagesSeen: .messagesSeen
        case .tournamentChanged: .tournamentChanged
        case .tournamentGame: .tournamentGame
        }
    }

    /// The game a game event is about; nil for presence, challenges and sessions.
    public var game: GameView? {
        switch self {
        case .gameOpened(let game), .playerJoined(let game), .movePlayed(let game), .gameFinished(let game),
             .watchersChanged(let game), .yourTurn(let game), .gameStarted(let game), .playerLeft(let game),
             .playerReturned(let game), .rematchChanged(let game), .timeRunningOut(let game):
            game
        case .presenceChanged, .challengeChanged, .sessionEnded, .notificationAdded, .notificationsRead, .playerRenamed,
             .hiddenChanged, .messagePosted, .messageDeleted, .messagesSeen, .tournamentChanged, .tournamentGame:
            nil
        }
    }

    public var presence: OnlinePlayer? {
        if case .presenceChanged(let player) = self { return player }
        return nil
    }

    public var challenge: Challenge? {
        if case .challengeChanged(let challenge) = self { return challenge }
        return nil
    }

    public var endedSession: SessionID? {
        if case .sessionEnded(let session) = self { return session }
        return nil
    }

    public var notification: InboxNotification? {
        if case .notificationAdded(let notification) = self { return notification }
        return nil
    }

    public var read: NotificationsRead? {
        if case .notificationsRead(let read) = self { return read }
        return nil
    }

    public var renamedPlayer: PlayerSummary? {
        if case .playerRenamed(let player) = self { return player }
        return nil
    }

    public var hidden: [UserID]? {
        if case .hiddenChanged(let hidden) = self { return hidden }
        return nil
    }

    /// The message a chat event is about, as it stands after it.
    public var message: ChatMessage? {
        switch self {
        case .messagePosted(let message), .messageDeleted(let message): message
        default: nil
        }
    }

    public var seen: ChatSeen? {
        if case .messagesSeen(let seen) = self { return seen }
        return nil
    }

    public var tournament: Tournament? {
        if case .tournamentChanged(let tournament) = self { return tournament }
        return nil
    }

    public var paired: TournamentPairedGame? {
        if case .tournamentGame(let paired) = self { return paired }
        return nil
    }

    /// The game event of `kind`; nil for the kinds that are not about a game.
    public init?(_ kind: Kind, game: GameView) {
        switch kind {
        case .gameOpened: self = .gameOpened(game)
        case .playerJoined: self = .playerJoined(game)
        case .movePlayed: self = .movePlayed(game)
        case .gameFinished: self = .gameFinished(game)
        case .watchersChanged: self = .watchersChanged(game)
        case .yourTurn: self = .yourTurn(game)
        case .gameStarted: self = .gameStarted(game)
        case .playerLeft: self = .playerLeft(game)
        case .playerReturned: self = .playerReturned(game)
        case .rematchChanged: self = .rematchChanged(game)
        case .timeRunningOut: self = .timeRunningOut(game)
        case .presenceChanged, .challengeChanged, .sessionEnded, .notificationAdded, .notificationsRead, .playerRenamed,
             .hiddenChanged, .messagePosted, .messageDeleted, .messagesSeen, .tournamentChanged, .tournamentGame:
            return nil
        }
    }
}

extension TopicEvent: Codable {
    private enum CodingKeys: String, CodingKey { case kind, game, presence, challenge, session, notification, read, player, hidden, message, seen, tournament, paired }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(Kind.self, forKey: .kind)
        switch kind {
        case .presenceChanged: self = .presenceChanged(try container.decode(OnlinePlayer.self, forKey: .presence))
        case .challengeChanged: self = .challengeChanged(try container.decode(Challenge.self, forKey: .challenge))
        case .sessionEnded: self = .sessionEnded(try container.decode(SessionID.self, forKey: .session))
        case .notificationAdded: self = .notificationAdded(try container.decode(InboxNotification.self, forKey: .notification))
        case .notificationsRead: self = .notificationsRead(try container.decode(NotificationsRead.self, forKey: .read))
        case .playerRenamed: self = .playerRenamed(try container.decode(PlayerSummary.self, forKey: .player))
        case .hiddenChanged: self = .hiddenChanged(try container.decode([UserID].self, forKey: .hidden))
        case .messagePosted: self = .messagePosted(try container.decode(ChatMessage.self, forKey: .message))
        case .messageDeleted: self = .messageDeleted(try container.decode(ChatMessage.self, forKey: .message))
        case .messagesSeen: self = .messagesSeen(try container.decode(ChatSeen.self, forKey: .seen))
        case .tournamentChanged: self = .tournamentChanged(try container.decode(Tournament.self, forKey: .tournament))
        case .tournamentGame: self = .tournamentGame(try container.decode(TournamentPairedGame.self, forKey: .paired))
        default:
            // Every other kind is about a game.
            self = TopicEvent(kind, game: try container.decode(GameView.self, forKey: .game))!
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(game, forKey: .game)
        try container.encodeIfPresent(presence, forKey: .presence)
        try container.encodeIfPresent(challenge, forKey: .challenge)
        try container.encodeIfPresent(endedSession, forKey: .session)
        try container.encodeIfPresent(notification, forKey: .notification)
        try container.encodeIfPresent(read, forKey: .read)
        try container.encodeIfPresent(renamedPlayer, forKey: .player)
        try container.encodeIfPresent(hidden, forKey: .hidden)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encodeIfPresent(seen, forKey: .seen)
        try container.encodeIfPresent(tournament, forKey: .tournament)
        try container.encodeIfPresent(paired, forKey: .paired)
    }
}
