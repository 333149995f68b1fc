import Fluent
import OXOCore
import OXOAccounts
import SQLKit

/// Friends, follows, blocks and the notification inbox. Each race between two players is
/// settled by a unique key here, never by a lock in one process.
package struct CreateSocial: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        // One row per pair, request or friendship: `pair_key` is the two ids in order, so
        // two players asking each other at once cannot make two.
        try await database.schema("friendships")
            .field("pair_key", .string, .identifier(auto: false))
            .field("requester_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("addressee_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("accepted", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("accepted_at", .datetime)
            // The other one's display name as each side last saw it: "Sam (was Samuel)"
            // until they have seen the new one.
            .field("requester_saw_name", .string, .required)
            .field("addressee_saw_name", .string, .required)
            .create()
        try await database.sql.raw("CREATE INDEX friendships_by_requester ON friendships (requester_id)").run()
        try await database.sql.raw("CREATE INDEX friendships_by_addressee ON friendships (addressee_id)").run()
        try await database.schema("follows")
            .field("follower_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("followee_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .compositeIdentifier(over: "follower_id", "followee_id")
            .create()
        try await database.sql.raw("CREATE INDEX follows_by_followee ON follows (followee_id)").run()
        try await BlocksTable.create(on: database)
        try await database.schema("notifications")
            .field("id", .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("actor_id", .uuid)
            .field("game_id", .uuid)
            .field("challenge_id", .uuid)
            .field("previous_name", .string)
            .field("read", .bool, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.raw("CREATE INDEX notifications_by_user ON notifications (user_id, created_at)").run()
        try await database.sql.raw("CREATE INDEX notifications_by_age ON notifications (created_at)").run()
        // The kinds a player switched off; nothing stored means every kind is on.
        try await database.schema("notification_mutes")
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .compositeIdentifier(over: "user_id", "kind")
            .create()
    }

    package func revert(on database: any Database) async throws {
        for table in ["notification_mutes", "notifications"] { try await database.schema(table).delete() }
        try await BlocksTable.drop(on: database)
        for table in ["follows", "friendships"] { try await database.schema(table).delete() }
    }
}
