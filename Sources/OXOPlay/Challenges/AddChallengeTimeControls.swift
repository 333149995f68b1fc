import Fluent
import OXOCore

/// The time control a challenge proposes, in the columns `games` keeps it in (null for
/// casual). Challenges made before this are casual.
package struct AddChallengeTimeControls: AsyncMigration {
    package init() {}

    static let columns: [(name: String, type: DatabaseSchema.DataType)] = [
        ("time_control", .string), ("clock_initial", .int), ("clock_increment", .int), ("days_per_move", .int),
    ]

    package func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        for column in Self.columns {
            try await database.schema("challenges").field(.string(column.name), column.type).update()
        }
    }

    package func revert(on database: any Database) async throws {
        for column in Self.columns.reversed() {
            try await database.schema("challenges").deleteField(.string(column.name)).update()
        }
    }
}
