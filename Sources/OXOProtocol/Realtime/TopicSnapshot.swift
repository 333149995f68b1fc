/// The state of a topic at one sequence number, sent instead of events when a client
/// subscribes fresh or has missed more than the server keeps. Each topic has its own
/// shape; on the wire it is an object with that shape's fields.
public enum TopicSnapshot: Hashable, Sendable {
    /// A game topic: the game.
    case game(GameView)
    /// The lobby: listed games waiting for an opponent, and listed games being played,
    /// newest first.
    case lobby(open: [GameView], live: [GameView])
    /// A user's inbox: the user's games not yet finished, newest first, and the
    /// challenges made to or by the user still waiting.
    case inbox(games: [GameView], challenges: [Challenge])
    /// Presence: everyone online, by username.
    case presence(online: [OnlinePlayer])
    /// A chat room: its last 50 messages, oldest first; older ones are paged by REST.
    case chat(messages: [ChatMessage])
    /// A tournament's topic: the tournament as the subscriber sees it.
    case tournament(Tournament)

    public var game: GameView? {
        if case .game(let game) = self { return game }
        return nil
    }

    public var open: [GameView]? {
        if case .lobby(let open, _) = self { return open }
        return nil
    }

    public var live: [GameView]? {
        if case .lobby(_, let live) = self { return live }
        return nil
    }

    public var games: [GameView]? {
        if case .inbox(let games, _) = self { return games }
        return nil
    }

    public var challenges: [Challenge]? {
        if case .inbox(_, let challenges) = self { return challenges }
        return nil
    }

    public var online: [OnlinePlayer]? {
        if case .presence(let online) = self { return online }
        return nil
    }

    public var messages: [ChatMessage]? {
        if case .chat(let messages) = self { return messages }
        return nil
    }

    public var tournament: Tournament? {
        if case .tournament(let tournament) = self { return tournament }
        return nil
    }
}

extension TopicSnapshot: Codable {
    private enum CodingKeys: String, CodingKey { case game, open, live, games, challenges, online, messages, tournament }

    /// The shape is told by its fields: a snapshot names no topic of its own.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let game = try container.decodeIfPresent(GameView.self, forKey: .game) {
            self = .game(game)
        } else if let tournament = try container.decodeIfPresent(Tournament.self, forKey: .tournament) {
            self = .tournament(tournament)
        } else if container.contains(.open) || container.contains(.live) {
            self = .lobby(open: try container.decode([GameView].self, forKey: .open),
                          live: try container.decode([GameView].self, forKey: .live))
        } else if container.contains(.games) || container.contains(.challenges) {
            self = .inbox(games: try container.decode([GameView].self, forKey: .games),
                          challenges: try container.decode([Challenge].self, forKey: .challenges))
        } else if let messages = try container.decodeIfPresent([ChatMessage].self, forKey: .messages) {
            self = .chat(messages: messages)
        } else {
            self = .presence(online: try container.decode([OnlinePlayer].self, forKey: .online))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .game(let game):
            try container.encode(game, forKey: .game)
        case .lobby(let open, let live):
            try container.encode(open, forKey: .open)
            try container.encode(live, forKey: .live)
        case .inbox(let games, let challenges):
            try container.encode(games, forKey: .games)
            try container.encode(challenges, forKey: .challenges)
        case .presence(let online):
            try container.encode(online, forKey: .online)
        case .chat(let messages):
            try container.encode(messages, forKey: .messages)
        case .tournament(let tournament):
            try container.encode(tournament, forKey: .tournament)
        }
    }
}
