import Fluent
import OXOCore

/// When each player's last client went, for "last seen" on their profile: the presence
/// rows themselves go with their sockets.
package struct CreateLastSeen: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("last_seen")
            .field("user_id", .uuid, .identifier(auto: false), .references("users", "id", onDelete: .cascade))
            .field("seen_at", .datetime, .required)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("last_seen").delete()
    }
}
