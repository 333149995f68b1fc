import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Chat's writes, on `change.chat`: rooms, messages, conversations and reports.
package struct ChatWrites: ChangeHandle { package let change: Change }

extension Change { package var chat: ChatWrites { ChatWrites(change: self) } }

/// A photo a message shows: its address in `photos` and its size.
struct MessagePhoto: Sendable {
    let address: String
    let width: Int
    let height: Int
}

/// Writing chat. Every message takes the next number of its room by an upsert of the
/// room's row, which holds that row until the transaction ends: of many senders at once,
/// each gets its own number, without gaps, in the order they commit; and the message is
/// told on the room's topic in the same transaction.
extension ChatWrites {
    func post(_ text: String?, photo: MessagePhoto?, in room: ChatRoom, by sender: UUID,
              conversation: ConversationRow?) async throws -> ChatMessage {
        let seq = try await sql.raw("""
            INSERT INTO chat_rooms (room, last_seq) VALUES (\(bind: room.description), 1)
            ON CONFLICT (room) DO UPDATE SET last_seq = chat_rooms.last_seq + 1
            RETURNING last_seq
            """).first()?.decode(column: "last_seq", as: Int.self) ?? 0
        let row = ChatMessageRow(id: UUID.random(), room: room, seq: seq, senderId: sender, text: text, photo: photo?.address,
                                 photoWidth: photo?.width, photoHeight: photo?.height, sentAt: now, deletedAt: nil)
        try await sql.insert(into: "chat_messages").model(row).run()
        guard let message = try await reads.chat.views(of: [row]).first else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        log(.messagePosted(message), to: [.chat(room)])
        if let conversation {
            try await sql.update("conversations").set("updated_at", to: now).where("id", .equal, conversation.id).run()
            // A direct message notifies its recipient, once a conversation until they read it.
            try await change.notifications.notify(conversation.other(than: sender), .message, actor: sender, onceUntilRead: true)
        }
        return message
    }

    /// Deletes a message's text and photo; it keeps its place, shown as deleted. Deleting
    /// it again changes nothing and tells nobody. The room's stored events go too (the
    /// message as posted is among them), so a client resuming the room from before gets a
    /// snapshot; and the photo's address stops answering unless another message or a
    /// report still shows it.
    func deleteMessage(_ row: ChatMessageRow) async throws -> ChatMessage {
        let deleted = try await sql.update("chat_messages").set("deleted_at", to: now)
            .set("text", to: SQLLiteral.null).set("photo", to: SQLLiteral.null)
            .where("id", .equal, row.id).where("deleted_at", .is, SQLLiteral.null)
            .returning("id").all()
        if !deleted.isEmpty {
            try await change.forgetHistory(of: .chat(row.room))
            if let photo = row.photo, try await !isStillShown(photo) { try await change.media.deletePhoto(at: photo) }
        }
        var row = row
        row.deletedAt = row.deletedAt ?? now
        guard let message = try await reads.chat.views(of: [row]).first else {
            throw APIError(.messageNotFound, "There is no message \(row.id).")
        }
        if !deleted.isEmpty { log(.messageDeleted(message), to: [.chat(row.room)]) }
        return message
    }

    /// Whether a message not deleted, or a report kept for the moderators, shows the photo.
    private func isStillShown(_ photo: String) async throws -> Bool {
        let inMessages = try await sql.select().column("id").from("chat_messages").where("photo", .equal, photo).limit(1).first()
        let inReports = try await sql.select().column("id").from("chat_reports").where("photo", .equal, photo).limit(1).first()
        return inMessages != nil || inReports != nil
    }

    /// Opens the conversation between two users, or finds the one they have.
    func openConversation(between user: UUID, and other: UUID) async throws -> ConversationRow {
        let (a, b) = user.lowercasedText < other.lowercasedText ? (user, other) : (other, user)
        let id = UUID.random()
        let new = ConversationRow(id: id, room: .conversation(ConversationID(rawValue: id)), pairKey: ConversationRow.pairKey(a, b),
                                  userA: a, userB: b, aReadSeq: 0, bReadSeq: 0, createdAt: now, updatedAt: now)
        try await sql.insert(into: "conversations").model(new).ignoringConflicts(with: ["pair_key"]).run()
        guard let row = try await reads.conversations.row(between: a, and: b) else {
            throw APIError(.conversationNotFound, "The conversation could not be opened.")
        }
        return row
    }

    /// Moves `reader`'s read mark forward to `seq` (never back, never past the last
    /// message), marks their `message` notification from the other read, and tells both
    /// members. Nil when the mark did not move.
    func markRead(_ conversation: ConversationRow, through seq: Int, by reader: UUID) async throws -> ChatSeen? {
        let last = try await sql.select().column("last_seq").from("chat_rooms").where("room", .equal, conversation.room.description)
            .first()?.decode(column: "last_seq", as: Int.self) ?? 0
        let target = min(max(seq, 0), last)
        let column = conversation.readColumn(of: reader)
        let moved = try await sql.update("conversations").set(SQLIdentifier(column), to: SQLBind(target))
            .where("id", .equal, conversation.id).where(SQLIdentifier(column), .lessThan, SQLBind(target))
            .returning("id").all()
        try await change.notifications.markRead(.message, from: conversation.other(than: reader), of: reader)
        guard !moved.isEmpty else { return nil }
        let seen = ChatSeen(reader: UserID(rawValue: reader), seq: target)
        log(.messagesSeen(seen), to: [.chat(.conversation(conversation.conversationID))])
        return seen
    }

    /// Stores a report of a message with its text and photo as they are now; a second
    /// report of one message by one player changes nothing.
    func report(_ message: ChatMessageRow, by reporter: UUID, reason: String?) async throws {
        let report = ReportRow(id: UUID.random(), messageId: message.id, room: message.room, senderId: message.senderId, reporterId: reporter,
                               text: message.text, photo: message.photo, reason: reason, createdAt: now)
        try await sql.insert(into: "chat_reports").model(report)
            .ignoringConflicts(with: ["message_id", "reporter_id"]).run()
    }
}
