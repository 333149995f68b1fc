import Fluent
import OXOCore
import SQLKit

/// A player's unread notifications by kind and subject. "Your turn" asks on nearly every
/// move whether one waits unread about the same game; through the index by user and
/// time that read walked every notification the player had kept, so it grew with the
/// inbox. Only unread rows are in this index, and a player has few of those.
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
