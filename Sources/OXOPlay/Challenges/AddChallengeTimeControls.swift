import Fluent
import OXOCore

/// The time control a challenge proposes, in the columns `games` keeps it in (null for
/// casual). Challenges made before this are casual.
package struct AddChallengeTimeControls: AsyncMigration {
    package init() {}

    static let columns = TableColumns("challenges", [
        ("time_control", .string), ("clock_initial", .int), ("clock_increment", .int), ("days_per_move", .int),
    ])

    package func prepare(on database: any Database) async throws {
        try await Self.columns.add(on: database)
    }

    package func revert(on database: any Database) async throws {
        try await Self.columns.remove(on: database)
    }
}
