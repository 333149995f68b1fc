import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// A row of `conversations`: the pair in id order, and each one's read mark.
package struct ConversationRow: Codable, Sendable {
    var id: UUID
    var room: ChatRoom
    var pairKey: String
    var userA: UUID
    var userB: UUID
    var aReadSeq: Int
    var bReadSeq: Int
    var createdAt: Date
    var updatedAt: Date

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, room
        case pairKey = "pair_key", userA = "user_a", userB = "user_b", aReadSeq = "a_read_seq", bReadSeq = "b_read_seq"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    static let columns = CodingKeys.allCases.map(\.rawValue)

    /// The key of the pair whichever of them asks: the two ids in order.
    static func pairKey(_ one: UUID, _ other: UUID) -> String {
        [one, other].map { $0.lowercasedText }.sorted().joined(separator: ":")
    }

    func isMember(_ user: UUID) -> Bool { user == userA || user == userB }
    func other(than user: UUID) -> UUID { user == userA ? userB : userA }
    func readSeq(of user: UUID) -> Int { user == userA ? aReadSeq : bReadSeq }
    /// The column of `user`'s read mark.
    func readColumn(of user: UUID) -> String { user == userA ? "a_read_seq" : "b_read_seq" }
    var conversationID: ConversationID { ConversationID(rawValue: id) }
}

/// Reading a user's conversations.
struct ConversationQueries {
    let database: any SQLDatabase

    func row(_ id: ConversationID) async throws -> ConversationRow {
        guard let row = try await select().where("id", .equal, id.rawValue).first(decoding: ConversationRow.self) else {
            throw APIError(.conversationNotFound, "There is no conversation \(id).")
        }
        return row
    }

    func row(between one: UUID, and other: UUID) async throws -> ConversationRow? {
        try await select().where("pair_key", .equal, ConversationRow.pairKey(one, other)).first(decoding: ConversationRow.self)
    }

    /// The conversation `viewer` is a member of; `forbidden` for anyone else's.
    func row(_ id: ConversationID, member viewer: UUID) async throws -> ConversationRow {
        let row = try await row(id)
        guard row.isMember(viewer) else { throw APIError(.forbidden, "This conversation is between two other players.") }
        return row
    }

    /// `viewer`'s conversations with at least one message, the latest message first.
    func list(for viewer: UUID, limit: Int = 100) async throws -> [Conversation] {
        let rows = try await select()
            .where { $0.where("user_a", .equal, viewer).orWhere("user_b", .equal, viewer) }
            .where(SQLRaw("EXISTS (SELECT 1 FROM chat_rooms r WHERE r.room = conversations.room)"))
            .orderBy("updated_at", .descending).orderBy("id", .descending).limit(limit)
            .all(decoding: ConversationRow.self)
        return try await views(of: rows, for: viewer)
    }

    func views(of rows: [ConversationRow], for viewer: UUID) async throws -> [Conversation] {
        guard !rows.isEmpty else { return [] }
        let others = try await PlayerNames.summaries(of: rows.map { $0.other(than: viewer) }, on: database)
        let last = try await database.reads.chat.lastMessages(of: rows.map(\.room))
        let unread = try await unreadCounts(of: rows, for: viewer)
        return rows.compactMap { row in
            others[row.other(than: viewer)].map { other in
                Conversation(id: row.conversationID, with: other, lastMessage: last[row.room], unread: unread[row.room] ?? 0,
                             readThrough: row.readSeq(of: viewer), seenThrough: row.readSeq(of: row.other(than: viewer)),
                             updatedAt: row.updatedAt)
            }
        }
    }

    /// Messages from the other member after `viewer`'s read mark, not deleted, by room.
    private func unreadCounts(of rows: [ConversationRow], for viewer: UUID) async throws -> [ChatRoom: Int] {
        let results = try await database.raw("""
            SELECT m.room AS room, COUNT(*) AS n FROM chat_messages m JOIN conversations c ON c.room = m.room
            WHERE c.id IN \(SQLBind.group(rows.map(\.id))) AND m.sender_id <> \(bind: viewer) AND m.deleted_at IS NULL
            AND ((c.user_a = \(bind: viewer) AND m.seq > c.a_read_seq) OR (c.user_b = \(bind: viewer) AND m.seq > c.b_read_seq))
            GROUP BY m.room
            """).all()
        var counts: [ChatRoom: Int] = [:]
        for row in results { counts[try row.decode(column: "room", as: ChatRoom.self)] = try row.decode(column: "n", as: Int.self) }
        return counts
    }

    private func select() -> SQLSelectBuilder {
        database.select().columns(ConversationRow.columns.map { SQLIdentifier($0) }).from("conversations")
    }
}

extension Reads {
    var conversations: ConversationQueries { ConversationQueries(database: sql) }
}
