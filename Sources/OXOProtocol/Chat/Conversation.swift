import Foundation

/// A direct conversation as one of its two members sees it.
public struct Conversation: Codable, Hashable, Sendable {
    public let id: ConversationID
    public let room: ChatRoom
    /// The other member.
    public let with: PlayerSummary
    public let lastMessage: ChatMessage?
    /// Messages from the other member after the last one this member read.
    public let unread: Int
    /// The `seq` of the last message this member read; 0 before any.
    public let readThrough: Int
    /// The `seq` of the last message the other member read: "seen" goes under it.
    public let seenThrough: Int
    /// When the last message was sent, or the conversation was started.
    public let updatedAt: Date

    public init(id: ConversationID, with: PlayerSummary, lastMessage: ChatMessage?, unread: Int, readThrough: Int,
                seenThrough: Int, updatedAt: Date) {
        self.id = id
        room = .conversation(id)
        self.with = with
        self.lastMessage = lastMessage
        self.unread = unread
        self.readThrough = readThrough
        self.seenThrough = seenThrough
        self.updatedAt = updatedAt
    }
}

/// `GET /v1/me/conversations`: newest first.
public struct ConversationList: Codable, Hashable, Sendable {
    public let conversations: [Conversation]

    public init(conversations: [Conversation]) {
        self.conversations = conversations
    }
}

/// `POST /v1/conversations/{id}/read`: the last message read.
public struct MarkReadBody: Codable, Hashable, Sendable {
    public let seq: Int

    public init(seq: Int) {
        self.seq = seq
    }
}

/// A member of a conversation read up to `seq`: the answer to marking, and the event
/// `messages_seen` both members hear on the conversation's topic.
public struct ChatSeen: Codable, Hashable, Sendable {
    public let reader: UserID
    public let seq: Int

    public init(reader: UserID, seq: Int) {
        self.reader = reader
        self.seq = seq
    }
}
