import Foundation

/// Everything the server sends on the socket.
public enum ServerMessage: Hashable, Sendable {
    /// The first message on a new socket: who the server knows this client to be.
    case welcome(user: PlayerSummary)
    /// A request succeeded. For a move, the game after it; for a subscribe, the topic's
    /// sequence number once everything up to it has been sent.
    case ack(id: String?, game: GameView?, seq: Int?)
    /// A request failed (`id` names it), or, with `topic` and no `id`, a topic this client
    /// followed is no longer followed, for the reason the error gives.
    case error(id: String?, error: APIError, topic: Topic? = nil)
    case event(topic: Topic, seq: Int, event: TopicEvent)
    case snapshot(topic: Topic, seq: Int, snapshot: TopicSnapshot)
    /// The answer to a ping, with the server's time when it answered: a client works out
    /// from it (and the round trip) how far its own clock is off, so that the game clocks
    /// it shows count down by the server's time.
    case pong(id: String?, serverTime: Date? = nil)
}

extension ServerMessage: Codable {
    // The wire's coders turn camelCase keys into snake_case: `serverTime` is "server_time".
    private enum CodingKeys: String, CodingKey { case type, id, user, game, seq, error, topic, event, snapshot, serverTime }
    private enum Kind: String, Codable { case welcome, ack, error, event, snapshot, pong }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decodeIfPresent(String.self, forKey: .id)
        switch try container.decode(Kind.self, forKey: .type) {
        case .welcome:
            self = .welcome(user: try container.decode(PlayerSummary.self, forKey: .user))
        case .ack:
            self = .ack(id: id, game: try container.decodeIfPresent(GameView.self, forKey: .game),
                        seq: try container.decodeIfPresent(Int.self, forKey: .seq))
        case .error:
            self = .error(id: id, error: try container.decode(APIError.self, forKey: .error),
                          topic: try container.decodeIfPresent(Topic.self, forKey: .topic))
        case .event:
            self = .event(topic: try container.decode(Topic.self, forKey: .topic),
                          seq: try container.decode(Int.self, forKey: .seq),
                          event: try container.decode(TopicEvent.self, forKey: .event))
        case .snapshot:
            self = .snapshot(topic: try container.decode(Topic.self, forKey: .topic),
                             seq: try container.decode(Int.self, forKey: .seq),
                             snapshot: try container.decode(TopicSnapshot.self, forKey: .snapshot))
        case .pong:
            self = .pong(id: id, serverTime: try container.decodeIfPresent(Date.self, forKey: .serverTime))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .welcome(let user):
            try container.encode(Kind.welcome, forKey: .type)
            try container.encode(user, forKey: .user)
        case .ack(let id, let game, let seq):
            try container.encode(Kind.ack, forKey: .type)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(game, forKey: .game)
            try container.encodeIfPresent(seq, forKey: .seq)
        case .error(let id, let error, let topic):
            try container.encode(Kind.error, forKey: .type)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(error, forKey: .error)
            try container.encodeIfPresent(topic, forKey: .topic)
        case .event(let topic, let seq, let event):
            try container.encode(Kind.event, forKey: .type)
            try container.encode(topic, forKey: .topic)
            try container.encode(seq, forKey: .seq)
            try container.encode(event, forKey: .event)
        case .snapshot(let topic, let seq, let snapshot):
            try container.encode(Kind.snapshot, forKey: .type)
            try container.encode(topic, forKey: .topic)
            try container.encode(seq, forKey: .seq)
            try container.encode(snapshot, forKey: .snapshot)
        case .pong(let id, let serverTime):
            try container.encode(Kind.pong, forKey: .type)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(serverTime, forKey: .serverTime)
        }
    }
}
