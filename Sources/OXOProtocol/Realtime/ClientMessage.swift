/// Everything a client may send on the socket. `id` is the client's own request id,
/// echoed on the answer (`ack` or `error`).
public enum ClientMessage: Hashable, Sendable {
    /// Follow a topic. With `after`, the last sequence number already seen: the server
    /// sends what came since, or a snapshot when that is too old; without it, a snapshot.
    case subscribe(id: String?, topic: Topic, after: Int?)
    case unsubscribe(id: String?, topic: Topic)
    /// The same move, with the same rules and errors, as `POST /v1/games/{id}/moves`.
    case move(id: String?, game: GameID, cell: Int, moveNumber: Int)
    case ping(id: String?)

    /// A message's `type` on the wire.
    public enum Kind: String, Codable, CaseIterable, Sendable { case subscribe, unsubscribe, move, ping }
}

extension ClientMessage: Codable {
    private enum CodingKeys: String, CodingKey { case type, id, topic, after, game, cell, moveNumber }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decodeIfPresent(String.self, forKey: .id)
        switch try container.decode(Kind.self, forKey: .type) {
        case .subscribe:
            self = .subscribe(id: id, topic: try container.decode(Topic.self, forKey: .topic),
                              after: try container.decodeIfPresent(Int.self, forKey: .after))
        case .unsubscribe:
            self = .unsubscribe(id: id, topic: try container.decode(Topic.self, forKey: .topic))
        case .move:
            self = .move(id: id, game: try container.decode(GameID.self, forKey: .game),
                         cell: try container.decode(Int.self, forKey: .cell),
                         moveNumber: try container.decode(Int.self, forKey: .moveNumber))
        case .ping:
            self = .ping(id: id)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .subscribe(let id, let topic, let after):
            try container.encode(Kind.subscribe, forKey: .type)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(topic, forKey: .topic)
            try container.encodeIfPresent(after, forKey: .after)
        case .unsubscribe(let id, let topic):
            try container.encode(Kind.unsubscribe, forKey: .type)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(topic, forKey: .topic)
        case .move(let id, let game, let cell, let moveNumber):
            try container.encode(Kind.move, forKey: .type)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(game, forKey: .game)
            try container.encode(cell, forKey: .cell)
            try container.encode(moveNumber, forKey: .moveNumber)
        case .ping(let id):
            try container.encode(Kind.ping, forKey: .type)
            try container.encodeIfPresent(id, forKey: .id)
        }
    }
}
