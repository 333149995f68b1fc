import Fluent
import SQLKit

/// What requests sent with an `Idempotency-Key` made (`RequestKey`), for a day.
package struct CreateRequestKeys: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("request_keys")
            .field("user_id", .uuid, .required, .references("users", .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("key", .string, .required)
            .field("made", .uuid, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "kind", "key")
            .create()
        try await database.sql.raw("CREATE INDEX request_keys_by_age ON request_keys (created_at)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("request_keys").delete()
    }
}
