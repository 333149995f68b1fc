import Foundation
import OXOProtocol

extension OXOClient {
    /// A page of a room's messages, oldest first: the newest 50 without `before`, else the
    /// 50 before message number `before` (`ChatPage.before` of the page after).
    public func chatHistory(of room: ChatRoom, before: Int? = nil, limit: Int? = nil) async throws -> ChatPage {
        try await perform(Endpoints.chatHistory(of: room, before: before, limit: limit))
    }

    /// Sends text (trimmed, at most 1,000 characters), a photo (the `photo` of
    /// `uploadChatPhoto`), or both. Everyone following the room's topic hears
    /// `message_posted`. At most 5 messages in 5 seconds, across rooms.
    @discardableResult
    public func sendMessage(_ text: String?, photo: String? = nil, to room: ChatRoom) async throws -> ChatMessage {
        try await perform(Endpoints.sendMessage(SendMessageBody(text: text, photo: photo), to: room))
    }

    /// Deletes one of your messages: it stays in its place, shown as deleted.
    @discardableResult
    public func deleteMessage(_ id: ChatMessageID) async throws -> ChatMessage {
        try await perform(Endpoints.deleteMessage(id))
    }

    /// Reports someone's message to the moderators, who see it as it is now.
    public func reportMessage(_ id: ChatMessageID, reason: String? = nil) async throws {
        try await perform(Endpoints.reportMessage(id, reason: reason))
    }

    /// Your conversations that have messages, the latest first, with unread counts.
    public func conversations() async throws -> ConversationList {
        try await perform(Endpoints.conversations())
    }

    /// Opens the conversation with a player (or finds the one you have); refused with
    /// `blocked` when either of you blocked the other.
    public func openConversation(with player: UserID) async throws -> Conversation {
        try await perform(Endpoints.openConversation(with: player))
    }

    public func conversation(_ id: ConversationID) async throws -> Conversation {
        try await perform(Endpoints.conversation(id))
    }

    /// Marks the conversation read up to message `seq`: the other member's clients hear
    /// `messages_seen`, and your `message` notification from them is marked read.
    @discardableResult
    public func markConversationRead(_ id: ConversationID, through seq: Int) async throws -> ChatSeen {
        try await perform(Endpoints.markConversationRead(id, through: seq))
    }

    /// Uploads a photo for a message (the same checks and limits as an avatar); send its
    /// `photo` with `sendMessage`.
    public func uploadChatPhoto(_ data: Data, contentType: String = "application/octet-stream") async throws -> ChatPhotoUpload {
        try await perform(Endpoints.uploadChatPhoto(data, contentType: contentType))
    }
}
