import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

/// Game rooms, conversations, messages and photos for them. Every route is for a
/// signed-in user, and each room's rules are checked by `ChatAccess`.
package struct ChatRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.gameChatHistory) { request in
            try await Reply(request.chat.history(of: request.gameRoom(), before: request.before(), limit: request.chatLimit(),
                                                 for: request.user))
        }
        routes.on(Operations.sendGameChatMessage) { request in
            try await Reply(request.chat.send(request.decode(SendMessageBody.self), to: request.gameRoom(), by: request.user,
                                              key: request.messageKey()), status: .created)
        }
        routes.on(Operations.listConversations) { request in
            try await Reply(request.chat.conversations(of: request.user))
        }
        routes.on(Operations.openConversation) { request in
            try await Reply(request.chat.conversation(with: request.parameter("userID", as: UserID.self), by: request.user))
        }
        routes.on(Operations.getConversation) { request in
            try await Reply(request.chat.conversation(request.conversationID(), for: request.user))
        }
        routes.on(Operations.conversationHistory) { request in
            try await Reply(request.chat.history(of: .conversation(request.conversationID()), before: request.before(),
                                                 limit: request.chatLimit(), for: request.user))
        }
        routes.on(Operations.sendDirectMessage) { request in
            try await Reply(request.chat.send(request.decode(SendMessageBody.self), to: .conversation(request.conversationID()),
                                              by: request.user, key: request.messageKey()), status: .created)
        }
        routes.on(Operations.markConversationRead) { request in
            try await Reply(request.chat.markRead(request.conversationID(), through: request.decode(MarkReadBody.self).seq,
                                                  by: request.user))
        }
        routes.on(Operations.deleteMessage) { request in
            try await Reply(request.chat.delete(request.parameter("messageID", as: ChatMessageID.self), by: request.user))
        }
        routes.on(Operations.reportMessage) { request in
            try await request.chat.report(request.parameter("messageID", as: ChatMessageID.self),
                                          reason: request.decode(ReportBody.self).reason, by: request.user)
            return Response(status: .noContent)
        }
        routes.on(Operations.uploadChatPhoto, body: .stream) { request in
            try await Reply(UploadBody.receive(request, from: request.user.id.description) { photo in
                try await request.chat.upload(photo, by: request.user)
            }, status: .created)
        }
    }
}

private extension Request {
    func messageKey() throws -> RequestKey? {
        try RequestKey.of(self, user: user.id.rawValue, kind: .chatMessage)
    }

    /// `players` or `watchers` of the game in the path.
    func gameRoom() throws -> ChatRoom {
        let game = try parameter("gameID", as: GameID.self)
        switch parameters.get("room") {
        case "players": return .players(game)
        case "watchers": return .watchers(game)
        default: throw APIError(.notFound, "A game's chat rooms are 'players' and 'watchers'.")
        }
    }

    func conversationID() throws -> ConversationID {
        try parameter("conversationID", as: ConversationID.self)
    }

    /// The page's end: the messages before this number.
    func before() throws -> Int? {
        guard let before = try query.get(Int?.self, at: "before") else { return nil }
        guard before >= 1 else { throw APIError(.invalidRequest, "'before' is a message's number, 1 or more.") }
        return before
    }

    /// 1–100 messages a page, 50 unless asked.
    func chatLimit() throws -> Int {
        let limit = try query.get(Int?.self, at: "limit") ?? ChatQueries.pageSize
        guard (1...100).contains(limit) else { throw APIError(.invalidRequest, "'limit' must be from 1 to 100.") }
        return limit
    }
}
