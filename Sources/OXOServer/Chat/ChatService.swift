import Foundation
import OXOProtocol
import SQLKit
import Vapor

/// What the routes ask of chat: each check made the same way for every room, each write
/// a change through the store.
struct ChatService {
    let store: Store

    private var access: ChatAccess { ChatAccess(database: store.sql) }

    func history(of room: ChatRoom, before: Int?, limit: Int, for user: AuthenticatedUser) async throws -> ChatPage {
        try await access.check(room, for: user.id.rawValue, writing: false, now: store.clock.now)
        return try await ChatQueries(database: store.sql).page(of: room, before: before, limit: limit)
    }

    /// Sends a message: text (cleaned), a photo uploaded before, or both; at most
    /// `chatMessageLimit` in 5 seconds per user, whichever rooms they go to.
    func send(_ body: SendMessageBody, to room: ChatRoom, by user: AuthenticatedUser) async throws -> ChatMessage {
        let sender = user.id.rawValue
        let text = try ChatRules.text(body.text)
        let photo = try await photo(body.photo, of: sender)
        guard text != nil || photo != nil else {
            throw APIError(.messageEmpty, "A message needs some text or a photo.")
        }
        let conversation = try await access.check(room, for: sender, writing: true, now: store.clock.now)
        try store.context.chatThrottle.record(user.id.description)
        return try await store.change { change in
            try await change.post(text, photo: photo, in: room, by: sender, conversation: conversation)
        }
    }

    /// Deletes the user's own message; it shows as deleted to everyone.
    func delete(_ id: ChatMessageID, by user: AuthenticatedUser) async throws -> ChatMessage {
        let row = try await readable(id, by: user)
        guard row.senderId == user.id.rawValue else { throw APIError(.forbidden, "Only its sender may delete a message.") }
        return try await store.change { try await $0.deleteMessage(row) }
    }

    func report(_ id: ChatMessageID, reason: String?, by user: AuthenticatedUser) async throws {
        let row = try await readable(id, by: user)
        guard row.senderId != user.id.rawValue else {
            throw APIError(.invalidRequest, "You cannot report your own message; delete it instead.")
        }
        let reason = try ChatRules.text(reason)
        try await store.change { try await $0.report(row, by: user.id.rawValue, reason: reason) }
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
        if let existing = try await ConversationQueries(database: store.sql).row(between: me, and: other.rawValue) {
            return try await view(of: existing, for: me)
        }
        return try await view(of: store.change { try await $0.openConversation(between: me, and: other.rawValue) }, for: me)
    }

    func conversation(_ id: ConversationID, for user: AuthenticatedUser) async throws -> Conversation {
        let row = try await ConversationQueries(database: store.sql).row(id, member: user.id.rawValue)
        return try await view(of: row, for: user.id.rawValue)
    }

    func conversations(of user: AuthenticatedUser) async throws -> ConversationList {
        ConversationList(conversations: try await ConversationQueries(database: store.sql).list(for: user.id.rawValue))
    }

    /// Marks the conversation read up to `seq`; answers with where the mark stands.
    func markRead(_ id: ConversationID, through seq: Int, by user: AuthenticatedUser) async throws -> ChatSeen {
        let me = user.id.rawValue
        let row = try await ConversationQueries(database: store.sql).row(id, member: me)
        if let seen = try await store.change({ try await $0.markRead(row, through: seq, by: me) }) { return seen }
        return ChatSeen(reader: user.id, seq: try await ConversationQueries(database: store.sql).row(id).readSeq(of: me))
    }

    /// Checks and stores a photo for a message, as an avatar is (the same limits, the
    /// same hourly number of uploads).
    func upload(_ bytes: [UInt8], by user: AuthenticatedUser) async throws -> ChatPhotoUpload {
        try store.context.uploadThrottle.record(user.id.description)
        let image = try MediaRules.check(bytes)
        let address = try await store.change { try await $0.store(image, uploadedBy: user.id.rawValue) }
        return ChatPhotoUpload(photo: address, url: AvatarURL.photo(address), width: image.header.width,
                               height: image.header.height)
    }

    private func view(of row: ConversationRow, for user: UUID) async throws -> Conversation {
        guard let view = try await ConversationQueries(database: store.sql).views(of: [row], for: user).first else {
            throw APIError(.playerNotFound, "The other player's account no longer exists.")
        }
        return view
    }

    /// A message the user may read, whichever room it is in.
    private func readable(_ id: ChatMessageID, by user: AuthenticatedUser) async throws -> ChatMessageRow {
        let row = try await ChatQueries(database: store.sql).message(id)
        guard let room = ChatRoom(row.room) else { throw APIError(.messageNotFound, "There is no message \(id).") }
        try await access.check(room, for: user.id.rawValue, writing: false, now: store.clock.now)
        return row
    }

    /// A photo the sender uploaded: anyone else's is unknown to them, as one never uploaded is.
    private func photo(_ address: String?, of sender: UUID) async throws -> MessagePhoto? {
        guard let address else { return nil }
        guard let size = try await MediaQueries(database: store.sql).size(of: address, uploadedBy: sender) else {
            throw APIError(.photoNotFound, "You uploaded no photo with the key '\(address)'; upload it first (POST /v1/chat/photos).")
        }
        return MessagePhoto(address: address, width: size.width, height: size.height)
    }
}

extension Request {
    var chat: ChatService { ChatService(store: store) }
}
