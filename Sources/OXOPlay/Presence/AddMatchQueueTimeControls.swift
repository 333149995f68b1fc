import Fluent
import OXOCore

/// The time control each player waiting for *Play random* wants, in the columns `games`
/// keeps it in (null for casual), so that only players of one control are paired. Players
/// waiting before this wait for casual games.
package struct AddMatchQueueTimeControls: AsyncMigration {
    package init() {}

    static let columns = TableColumns("match_queue", [
        ("time_control", .string), ("clock_initial", .int), ("clock_increment", .int), ("days_per_move", .int),
    ])

    package func prepare(on database: any Database) async throws {
        try await Self.columns.add(on: database)
    }

    package func revert(on database: any Database) async throws {
        try await Self.columns.remove(on: database)
    }
}
