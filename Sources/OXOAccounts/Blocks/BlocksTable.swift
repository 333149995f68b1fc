import Fluent
import SQLKit

/// The `blocks` table: who blocked whom, the pair its key. Made by Social's first
/// migration (`CreateSocial`), which databases recorded before blocks had a folder of
/// their own.
package enum BlocksTable {
    package static func create(on database: any Database) async throws {
        try await database.schema("blocks")
            .field("blocker_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("blocked_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .compositeIdentifier(over: "blocker_id", "blocked_id")
            .create()
        try await database.sql.raw("CREATE INDEX blocks_by_blocked ON blocks (blocked_id)").run()
    }

    package static func drop(on database: any Database) async throws {
        try await database.schema("blocks").delete()
    }
}
