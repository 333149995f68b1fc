import Fluent
import OXOCore

/// Photos, one row per distinct content: the SHA-256 of the bytes is the key, so the same
/// photo uploaded twice is one row, and a row's bytes never change. The bytes are in the
/// database (a blob on SQLite, bytea on PostgreSQL), so every server process has them.
package struct CreateMedia: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("media")
            .field("hash", .string, .identifier(auto: false))
            .field("content_type", .string, .required)
            .field("width", .int, .required)
            .field("height", .int, .required)
            .field("byte_count", .int, .required)
            .field("bytes", .data, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("media").delete()
    }
}
