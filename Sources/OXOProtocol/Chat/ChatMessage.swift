import Foundation

/// A photo in a message: where to fetch it (without a token, like an avatar) and its size
/// in pixels, so a client can make room for it before it loads.
public struct ChatPhoto: Codable, Hashable, Sendable {
    public let url: String
    public let width: Int
    public let height: Int

    public init(url: String, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// One message of a room. `seq` numbers the room's messages from 1 without gaps, in the
/// order they were stored. A deleted message keeps its place and its sender but has
/// neither text nor photo.
public struct ChatMessage: Codable, Hashable, Sendable {
    public let id: ChatMessageID
    public let room: ChatRoom
    public let seq: Int
    public let sender: PlayerSummary
    public let text: String?
    public let photo: ChatPhoto?
    public let sentAt: Date
    public let deleted: Bool

    public init(id: ChatMessageID, room: ChatRoom, seq: Int, sender: PlayerSummary, text: String?, photo: ChatPhoto?,
                sentAt: Date, deleted: Bool) {
        self.id = id
        self.room = room
        self.seq = seq
        self.sender = sender
        self.text = text
        self.photo = photo
        self.sentAt = sentAt
        self.deleted = deleted
    }
}

/// What a client sends: text, a photo (the `photo` of a `ChatPhotoUpload`), or both.
public struct SendMessageBody: Codable, Hashable, Sendable {
    public let text: String?
    public let photo: String?

    public init(text: String?, photo: String? = nil) {
        self.text = text
        self.photo = photo
    }
}

/// The answer to uploading a photo for a message: its key, to send as `photo`, with its
/// address and size.
public struct ChatPhotoUpload: Codable, Hashable, Sendable {
    public let photo: String
    public let url: String
    public let width: Int
    public let height: Int

    public init(photo: String, url: String, width: Int, height: Int) {
        self.photo = photo
        self.url = url
        self.width = width
        self.height = height
    }
}

/// A page of a room's history, oldest first: the 50 messages (or `limit`) before a
/// message. `before` is what to ask with for the page before this one; nil at the start
/// of the room.
public struct ChatPage: Codable, Hashable, Sendable {
    public let room: ChatRoom
    public let messages: [ChatMessage]
    public let before: Int?

    public init(room: ChatRoom, messages: [ChatMessage], before: Int?) {
        self.room = room
        self.messages = messages
        self.before = before
    }
}
