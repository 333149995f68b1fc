import Fluent
import SQLKit

/// Events are no longer stored: each process keeps the recent ones in memory
/// (`TopicHistory`). PostgreSQL keeps its topics' numbers, which every process shares;
/// SQLite's one process numbers them in memory.
package struct DropStoredEvents: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("events").delete()
        if database.sql.isSQLite { try await database.schema("topic_sequences").delete() }
    }

    package func revert(on database: any Database) async throws {
        if database.sql.isSQLite { try await CreateEvents().prepare(on: database) } else {
            try await CreateEvents.createEventsTable(on: database)
        }
    }
}
