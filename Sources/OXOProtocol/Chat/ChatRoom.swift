/// Where a message is written. Each game between two people has two rooms: the players'
/// (the two seated players only) and the watchers' (anyone watching, and the players);
/// two users have one conversation. On the wire: "players:<game>", "watchers:<game>",
/// "conversation:<id>"; the room's topic is "chat:" followed by that.
public enum ChatRoom: Hashable, Sendable, CustomStringConvertible, LosslessStringConvertible {
    case players(GameID)
    case watchers(GameID)
    case conversation(ConversationID)

    public init?(_ description: String) {
        let parts = description.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "players": guard let id = GameID(parts[1]) else { return nil }; self = .players(id)
        case "watchers": guard let id = GameID(parts[1]) else { return nil }; self = .watchers(id)
        case "conversation": guard let id = ConversationID(parts[1]) else { return nil }; self = .conversation(id)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .players(let game): "players:\(game)"
        case .watchers(let game): "watchers:\(game)"
        case .conversation(let id): "conversation:\(id)"
        }
    }

    /// The game of a game's room; nil for a conversation.
    public var game: GameID? {
        switch self {
        case .players(let game), .watchers(let game): game
        case .conversation: nil
        }
    }
}

extension ChatRoom: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let room = ChatRoom(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a chat room")
        }
        self = room
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
