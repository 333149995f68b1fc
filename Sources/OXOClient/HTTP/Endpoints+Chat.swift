import Foundation
import OXOProtocol

/// The operations of game chat and direct conversations.
extension Endpoints {
    static func chatHistory(of room: ChatRoom, before: Int?, limit: Int?) -> Endpoint<ChatPage> {
        let query = [before.map { URLQueryItem(name: "before", value: String($0)) },
                     limit.map { URLQueryItem(name: "limit", value: String($0)) }].compactMap { $0 }
        return Endpoint(method: .GET, path: messagesPath(of: room), query: query, body: nil) { data in
            try Wire.decoder.decode(ChatPage.self, from: data)
        }
    }

    static func sendMessage(_ body: SendMessageBody, to room: ChatRoom) -> Endpoint<ChatMessage> {
        Endpoint(method: .POST, path: messagesPath(of: room), query: [], body: body) { data in
            try Wire.decoder.decode(ChatMessage.self, from: data)
        }
    }

    /// `/v1/games/{id}/chat/{players|watchers}/messages` or `/v1/conversations/{id}/messages`.
    private static func messagesPath(of room: ChatRoom) -> [String] {
        switch room {
        case .players(let game): ["v1", "games", game.description, "chat", "players", "messages"]
        case .watchers(let game): ["v1", "games", game.description, "chat", "watchers", "messages"]
        case .conversation(let id): ["v1", "conversations", id.description, "messages"]
        }
    }

    static func deleteMessage(_ id: ChatMessageID) -> Endpoint<ChatMessage> {
        Endpoint(.DELETE, "v1", "messages", id.description)
    }

    static func reportMessage(_ id: ChatMessageID, reason: String?) -> Endpoint<Void> {
        Endpoint(method: .POST, path: ["v1", "messages", id.description, "report"], query: [], body: ReportBody(reason: reason)) { _ in }
    }

    static func conversations() -> Endpoint<ConversationList> {
        Endpoint(.GET, "v1", "me", "conversations")
    }

    static func openConversation(with player: UserID) -> Endpoint<Conversation> {
        Endpoint(.POST, "v1", "users", player.description, "conversation")
    }

    static func conversation(_ id: ConversationID) -> Endpoint<Conversation> {
        Endpoint(.GET, "v1", "conversations", id.description)
    }

    static func markConversationRead(_ id: ConversationID, through seq: Int) -> Endpoint<ChatSeen> {
        Endpoint(.POST, "v1", "conversations", id.description, "read", body: MarkReadBody(seq: seq))
    }

    static func uploadChatPhoto(_ bytes: Data, contentType: String) -> Endpoint<ChatPhotoUpload> {
        var endpoint = Endpoint<ChatPhotoUpload>(.POST, "v1", "chat", "photos")
        endpoint.upload = (bytes, contentType)
        return endpoint
    }
}
