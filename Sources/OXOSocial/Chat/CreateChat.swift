import Fluent
import OXOCore
import SQLKit

/// Chat rooms, their messages, conversations and reports. Messages are kept for good:
/// the event log is pruned after a day, but history is read from here.
package struct CreateChat: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        // The last message number of each room ("players:<game>", "watchers:<game>",
        // "conversation:<id>"). Taking the next is an upsert of this row, which holds it
        // until the transaction ends: a room's messages are numbered without gaps in
        // commit order, on every database, however many send at once.
        try await database.schema("chat_rooms")
            .field("room", .string, .identifier(auto: false))
            .field("last_seq", .int, .required)
            .create()
        try await database.schema("chat_messages")
            .field("id", .uuid, .identifier(auto: false))
            .field("room", .string, .required)
            .field("seq", .int, .required)
            .field("sender_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("text", .string)
            // A photo of `media` by its hash, with its size, so a message is read without it.
            .field("photo", .string)
            .field("photo_width", .int)
            .field("photo_height", .int)
            .field("sent_at", .datetime, .required)
            .field("deleted_at", .datetime)
            .unique(on: "room", "seq")
            .create()
        // One row per pair of users (`pair_key`: the two ids in order), so two players
        // opening a conversation with each other at once make one. Each member's read
        // mark is the number of the last message they read.
        try await database.schema("conversations")
            .field("id", .uuid, .identifier(auto: false))
            .field("room", .string, .required)
            .field("pair_key", .string, .required)
            .field("user_a", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("user_b", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("a_read_seq", .int, .required)
            .field("b_read_seq", .int, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "pair_key")
            .create()
        try await database.sql.raw("CREATE INDEX conversations_by_a ON conversations (user_a, updated_at)").run()
        try await database.sql.raw("CREATE INDEX conversations_by_b ON conversations (user_b, updated_at)").run()
        // What was reported, copied as it was: a message deleted later is still judged.
        try await database.schema("chat_reports")
            .field("id", .uuid, .identifier(auto: false))
            .field("message_id", .uuid, .required)
            .field("room", .string, .required)
            .field("sender_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("reporter_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("text", .string)
            .field("photo", .string)
            .field("reason", .string)
            .field("created_at", .datetime, .required)
            .unique(on: "message_id", "reporter_id")
            .create()
    }

    package func revert(on database: any Database) async throws {
        for table in ["chat_reports", "conversations", "chat_messages", "chat_rooms"] {
            try await database.schema(table).delete()
        }
    }
}
