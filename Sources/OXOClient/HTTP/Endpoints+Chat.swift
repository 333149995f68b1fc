import Foundation
import OXOProtocol

/// The operations of game chat and direct conversations.
extension Endpoints {
    static func chatHistory(of room: ChatRoom, before: Int?, limit: Int?) -> Endpoint<ChatPage> {
        let query = [before.map { URLQueryItem(name: "before", value: String($0)) },
                     limit.map { URLQueryItem(name: "limit", value: String($0)) }].compactMap { $0 }
        return switch room {
        case .players(let game): Endpoint(Operations.gameChatHistory, game, "players", query: query)
        case .watchers(let game): Endpoint(Operations.gameChatHistory, game, "watchers", query: query)
        case .conversation(let id): Endpoint(Operations.conversationHistory, id, query: query)
        }
    }

    static func sendMessage(_ body: SendMessageBody, to room: ChatRoom) -> Endpoint<ChatMessage> {
        switch room {
        case .players(let game): Endpoint(Operations.sendGameChatMessage, game, "players", body: body)
        case .watchers(let game): Endpoint(Operations.sendGameChatMessage, game, "watchers", body: body)
        case .conversation(let id): Endpoint(Operations.sendDirectMessage, id, body: body)
        }
    }

    static func deleteMessage(_ id: ChatMessageID) -> Endpoint<ChatMessage> {
        Endpoint(Operations.deleteMessage, id)
    }

    static func reportMessage(_ id: ChatMessageID, reason: String?) -> Endpoint<Void> {
        Endpoint(Operations.reportMessage, id, body: ReportBody(reason: reason))
    }

    static func conversations() -> Endpoint<ConversationList> {
        Endpoint(Operations.listConversations)
    }

    static func openConversation(with player: UserID) -> Endpoint<Conversation> {
        Endpoint(Operations.openConversation, player)
    }

    static func conversation(_ id: ConversationID) -> Endpoint<Conversation> {
        Endpoint(Operations.getConversation, id)
    }

    static func markConversationRead(_ id: ConversationID, through seq: Int) -> Endpoint<ChatSeen> {
        Endpoint(Operations.markConversationRead, id, body: MarkReadBody(seq: seq))
    }

    static func uploadChatPhoto(_ bytes: Data, contentType: String) -> Endpoint<ChatPhotoUpload> {
        Endpoint(Operations.uploadChatPhoto, upload: (bytes, contentType))
    }
}
