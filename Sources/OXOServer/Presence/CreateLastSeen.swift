import Fluent

/// When each player's last client went, for "last seen" on their profile: the presence
/// rows themselves go with their sockets.
struct CreateLastSeen: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("last_seen")
            .field("user_id", .uuid, .identifier(auto: false), .references("users", "id", onDelete: .cascade))
            .field("seen_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("last_seen").delete()
    }
}
