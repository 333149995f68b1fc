import Fluent
import OXOCore
import SQLKit

/// Columns for time controls. The control itself (`time_control`: null for casual, the
/// kind otherwise, and its numbers), both clocks in milliseconds as they stood when the
/// side to move began its turn (`turn_started_at`), and the two moments the timer looks
/// for: when the side to move runs out (`deadline_at`) and when a correspondence player
/// is reminded (`remind_at`, cleared once sent). Games made before this are casual.
package struct AddTimeControls: AsyncMigration {
    package init() {}

    static let columns = TableColumns("games", [
        ("time_control", .string), ("clock_initial", .int), ("clock_increment", .int), ("days_per_move", .int),
        ("x_ms", .int64), ("o_ms", .int64), ("turn_started_at", .datetime), ("deadline_at", .datetime),
        ("remind_at", .datetime),
    ])

    package func prepare(on database: any Database) async throws {
        try await Self.columns.add(on: database)
        // The timer reads the few games with a deadline or a reminder due; partial
        // indexes keep casual and finished games out of them.
        try await database.sql.raw("CREATE INDEX games_by_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL").run()
        try await database.sql.raw("CREATE INDEX games_by_reminder ON games (remind_at) WHERE remind_at IS NOT NULL").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX games_by_reminder").run()
        try await database.sql.raw("DROP INDEX games_by_deadline").run()
        try await Self.columns.remove(on: database)
    }
}
