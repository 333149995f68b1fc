import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// A row of `chat_messages`.
struct ChatMessageRow: Codable, Sendable {
    var id: UUID
    var room: ChatRoom
    var seq: Int
    var senderId: UUID
    var text: String?
    var photo: String?
    var photoWidth: Int?
    var photoHeight: Int?
    var sentAt: Date
    var deletedAt: Date?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, room, seq, text, photo
        case senderId = "sender_id", photoWidth = "photo_width", photoHeight = "photo_height"
        case sentAt = "sent_at", deletedAt = "deleted_at"
    }

    static let columns = CodingKeys.allCases.map(\.rawValue)

    /// The message on the wire; a deleted one shows neither text nor photo.
    func view(sender: PlayerSummary) -> ChatMessage {
        let photo = self.photo.flatMap { hash in
            photoWidth.flatMap { width in photoHeight.map { ChatPhoto(url: AvatarURL.photo(hash), width: width, height: $0) } }
        }
        return ChatMessage(id: ChatMessageID(rawValue: id), room: room, seq: seq, sender: sender,
                           text: deletedAt == nil ? text : nil, photo: deletedAt == nil ? photo : nil,
                           sentAt: sentAt, deleted: deletedAt != nil)
    }
}

/// Reading rooms' messages.
package struct ChatQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    static let pageSize = 50

    /// The messages of `room` before number `before` (all when nil), at most `limit`,
    /// oldest first, and whether older ones remain.
    package func page(of room: ChatRoom, before: Int?, limit: Int = pageSize) async throws -> ChatPage {
        var query = select().where("room", .equal, room.description)
        if let before { query = query.where("seq", .lessThan, before) }
        let rows = try await query.orderBy("seq", .descending).limit(limit + 1).all(decoding: ChatMessageRow.self)
        let page = Array(rows.prefix(limit).reversed())
        return ChatPage(room: room, messages: try await views(of: page), before: rows.count > limit ? page.first?.seq : nil)
    }

    func message(_ id: ChatMessageID) async throws -> ChatMessageRow {
        guard let row = try await select().where("id", .equal, id.rawValue).first(decoding: ChatMessageRow.self) else {
            throw APIError(.messageNotFound, "There is no message \(id).")
        }
        return row
    }

    /// The last message of each of `rooms` that has one, by room.
    func lastMessages(of rooms: [ChatRoom]) async throws -> [ChatRoom: ChatMessage] {
        guard !rooms.isEmpty else { return [:] }
        let rows = try await database.select().columns(ChatMessageRow.columns.map { SQLColumn($0, table: "m") })
            .from(SQLAlias(SQLIdentifier("chat_messages"), as: SQLIdentifier("m")))
            .join(SQLAlias(SQLIdentifier("chat_rooms"), as: SQLIdentifier("r")),
                  on: SQLRaw("r.room = m.room AND r.last_seq = m.seq"))
            .where(SQLColumn("room", table: "m"), .in, SQLBind.group(rooms.map(\.description)))
            .all(decoding: ChatMessageRow.self)
        return Dictionary(try await views(of: rows).map { ($0.room, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func views(of rows: [ChatMessageRow]) async throws -> [ChatMessage] {
        let senders = try await PlayerNames.summaries(of: rows.map(\.senderId), on: database)
        return rows.compactMap { row in senders[row.senderId].map(row.view(sender:)) }
    }

    /// Every message `sender` sent, oldest first, for their export.
    func sent(by sender: UUID) async throws -> [ChatMessage] {
        try await views(of: select().where("sender_id", .equal, sender).orderBy("sent_at").orderBy("id")
            .all(decoding: ChatMessageRow.self))
    }

    private func select() -> SQLSelectBuilder {
        database.select().columns(ChatMessageRow.columns.map { SQLIdentifier($0) }).from("chat_messages")
    }
}

extension Reads {
    package var chat: ChatQueries { ChatQueries(database: sql) }
}
