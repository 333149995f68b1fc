import Fluent
import OXOCore
import SQLKit

/// Personal access tokens: a name, scopes and an expiry, each token kept only as its
/// SHA-256, so a copy of the database opens nothing. They go with their owner's account.
package struct CreateAccessTokens: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("access_tokens")
            .field("id", .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references("users", .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("name", .string, .required)
            // The scopes' names joined by commas, such as "read,play".
            .field("scopes", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("last_used_at", .datetime)
            .unique(on: "token_hash")
            .create()
        try await database.sql.raw("CREATE INDEX access_tokens_by_user ON access_tokens (user_id, created_at)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("access_tokens").delete()
    }
}
