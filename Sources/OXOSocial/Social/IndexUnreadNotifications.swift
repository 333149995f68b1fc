import Fluent
import OXOCore
import SQLKit

/// A player's unread notifications by kind and subject. A message asks whether one waits
/// unread from its sender (and "your turn", while it was stored, asked it on nearly every
/// move); through the index by user and time that read walked every notification the
/// player had kept, so it grew with the inbox. Only unread rows are in this index, and a player has few of those.
package struct IndexUnreadNotifications: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.sql.raw("""
            CREATE INDEX notifications_unread ON notifications (user_id, kind, game_id, actor_id) WHERE NOT read
            """).run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX notifications_unread").run()
    }
}
