import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import Vapor

/// What the routes ask of chat: each check made the same way for every room, each write
/// a change through the store, whose access check runs inside it, so that nothing changes
/// between the check and the write.
struct ChatService {
    let store: Store

    private var access: ChatAccess { ChatAccess(database: store.sql) }

    func history(of room: ChatRoom, before: Int?, limit: Int, for user: AuthenticatedUser) async throws -> ChatPage {
        try await access.check(room, for: user.id.rawValue, writing: false, now: store.clock.now)
        return try await store.reads.chat.page(of: room, before: before, limit: limit)
    }

    /// Sends a message: text (cleaned), a photo uploaded before, or both; at most
    /// `chatMessageLimit` in 5 seconds per user, whichever rooms they go to. With a `key`, one
    /// sent again is answered with the message the first posted, as it is now (deleted, if
    /// it was).
    func send(_ body: SendMessageBody, to room: ChatRoom, by user: AuthenticatedUser, key: RequestKey? = nil) async throws -> ChatMessage {
        let sender = user.id.rawValue
        let text = try ChatRules.text(body.text)
        let photo = try await photo(body.photo, of: sender)
        guard text != nil || photo != nil else {
            throw APIError(.messageEmpty, "A message needs some text or a photo.")
        }
        try store.context[ChatMessages.self].record(user.id.description)
        // The key is looked up before the room's rules: a message stored before its room
        // closed is still the answer.
        return try await store.change(once: key, id: { $0.id.rawValue }, earlier: Self.posted) { change in
            let conversation = try await ChatAccess(database: change.sql).check(room, for: sender, writing: true, now: change.now)
            return try await change.chat.post(text, photo: photo, in: room, by: sender, conversation: conversation)
        }
    }

    /// Deletes the user's own message; it shows as deleted to everyone.
    func delete(_ id: ChatMessageID, by user: AuthenticatedUser) async throws -> ChatMessage {
        try await store.change { change in
            let row = try await Self.readable(id, by: user, in: change)
            guard row.senderId == user.id.rawValue else { throw APIError(.forbidden, "Only its sender may delete a message.") }
            return try await change.chat.deleteMessage(row)
        }
    }

    func report(_ id: ChatMessageID, reason: String?, by user: AuthenticatedUser) async throws {
        let reason = try ChatRules.text(reason)
        try await store.change { change in
            let row = try await Self.readable(id, by: user, in: change)
            guard row.senderId != user.id.rawValue else {
                throw APIError(.invalidRequest, "You cannot report your own message; delete it instead.")
            }
            try await change.chat.report(row, by: user.id.rawValue, reason: reason)
        }
    }

    /// Opens (or finds) the conversation with `other`: anyone who is not blocking you, and
    /// whom you do not block. After a block neither opens it; its history stays readable by id.
    func conversation(with other: UserID, by user: AuthenticatedUser) async throws -> Conversation {
        let me = user.id.rawValue
        guard other.rawValue != me else { throw APIError(.invalidRequest, "A conversation is with someone else.") }
        guard try await PlayerNames.summary(of: other.rawValue, on: store.sql) != nil else {
            throw APIError(.playerNotFound, "There is no player \(other).")
        }
        try await Blocks.refuse(from: me, toward: other.rawValue, on: store.sql)
        if let existing = try await store.reads.conversations.row(between: me, and: other.rawValue) {
            return try await view(of: existing, for: me)
        }
        return try await view(of: store.change { change in
            try await Blocks.refuse(from: me, toward: other.rawValue, on: change.sql)
            return try await change.chat.openConversation(between: me, and: other.rawValue)
        }, for: me)
    }

    func conversation(_ id: ConversationID, for user: AuthenticatedUser) async throws -> Conversation {
        let row = try await store.reads.conversations.row(id, member: user.id.rawValue)
        return try await view(of: row, for: user.id.rawValue)
    }

    func conversations(of user: AuthenticatedUser) async throws -> ConversationList {
        ConversationList(conversations: try await store.reads.conversations.list(for: user.id.rawValue))
    }

    /// Marks the conversation read up to `seq`; answers with where the mark stands.
    func markRead(_ id: ConversationID, through seq: Int, by user: AuthenticatedUser) async throws -> ChatSeen {
        let me = user.id.rawValue
        let seen = try await store.change { change in
            try await change.chat.markRead(try await change.reads.conversations.row(id, member: me), through: seq, by: me)
        }
        if let seen { return seen }
        return ChatSeen(reader: user.id, seq: try await store.reads.conversations.row(id).readSeq(of: me))
    }

    /// Checks and stores a photo for a message, as an avatar is (the same limits, the
    /// same hourly number of uploads).
    func upload(_ bytes: [UInt8], by user: AuthenticatedUser) async throws -> ChatPhotoUpload {
        try store.context[PhotoUploads.self].record(user.id.description)
        let image = try MediaRules.check(bytes)
        let address = try await store.change { try await $0.media.store(image, uploadedBy: user.id.rawValue) }
        return ChatPhotoUpload(photo: address, url: AvatarURL.photo(address), width: image.header.width,
                               height: image.header.height)
    }

    private func view(of row: ConversationRow, for user: UUID) async throws -> Conversation {
        guard let view = try await store.reads.conversations.views(of: [row], for: user).first else {
            throw APIError(.playerNotFound, "The other player's account no longer exists.")
        }
        return view
    }

    /// A message the user may read, whichever room it is in, read in the change that acts on it.
    private static func posted(_ id: UUID, in change: Change) async throws -> ChatMessage {
        let row = try await change.reads.chat.message(ChatMessageID(rawValue: id))
        guard let message = try await change.reads.chat.views(of: [row]).first else {
            throw APIError(.messageNotFound, "There is no message \(id).")
        }
        return message
    }

    private static func readable(_ id: ChatMessageID, by user: AuthenticatedUser, in change: Change) async throws -> ChatMessageRow {
        let row = try await change.reads.chat.message(id)
        try await ChatAccess(database: change.sql).check(row.room, for: user.id.rawValue, writing: false, now: change.now)
        return row
    }

    /// A photo the sender uploaded: anyone else's is unknown to them, as one never uploaded is.
    private func photo(_ address: String?, of sender: UUID) async throws -> MessagePhoto? {
        guard let address else { return nil }
        guard let size = try await store.reads.media.size(of: address, uploadedBy: sender) else {
            throw APIError(.photoNotFound, "You uploaded no photo with the key '\(address)'; upload it first (POST /v1/chat/photos).")
        }
        return MessagePhoto(address: address, width: size.width, height: size.height)
    }
}

extension Request {
    var chat: ChatService { ChatService(store: store) }
}
