/// A stream of numbered events: one per game, the lobby, who is online, and one inbox
/// per user, and one per chat room, and one per tournament. On the wire: "game:<id>", "lobby",
/// "presence", "user:<id>", "chat:<room>" (such as "chat:players:<game id>"), "tournament:<id>".
public enum Topic: Hashable, Sendable, CustomStringConvertible, LosslessStringConvertible {
    case game(GameID)
    case lobby
    case presence
    case user(UserID)
    case chat(ChatRoom)
    /// A tournament's standings, batched: at most one `tournament_changed` a second.
    case tournament(TournamentID)

    public init?(_ description: String) {
        if description == "lobby" || description == "presence" {
            self = description == "lobby" ? .lobby : .presence
            return
        }
        let parts = description.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "game": guard let id = GameID(parts[1]) else { return nil }; self = .game(id)
        case "user": guard let id = UserID(parts[1]) else { return nil }; self = .user(id)
        case "chat": guard let room = ChatRoom(parts[1]) else { return nil }; self = .chat(room)
        case "tournament": guard let id = TournamentID(parts[1]) else { return nil }; self = .tournament(id)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .game(let id): "game:\(id)"
        case .lobby: "lobby"
        case .presence: "presence"
        case .user(let id): "user:\(id)"
        case .chat(let room): "chat:\(room)"
        case .tournament(let id): "tournament:\(id)"
        }
    }
}

extension Topic: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let topic = Topic(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a topic")
        }
        self = topic
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
