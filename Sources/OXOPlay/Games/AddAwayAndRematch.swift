import Fluent
import OXOCore

/// Columns for playing together: when a seated player's clients all went away (and from
/// when the opponent may claim the win), and the offers to play again.
package struct AddAwayAndRematch: RecordedMigration {
    package init() {}

    static let columns: [(name: String, type: DatabaseSchema.DataType)] = [
        ("x_away_since", .datetime), ("o_away_since", .datetime),
        ("x_claimable_at", .datetime), ("o_claimable_at", .datetime),
        // "X", "O" or "XO": who offered a rematch.
        ("rematch_offers", .string),
        ("rematch_game_id", .uuid),
    ]

    package func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        for column in Self.columns {
            try await database.schema("games").field(.string(column.name), column.type).update()
        }
    }

    package func revert(on database: any Database) async throws {
        for column in Self.columns.reversed() {
            try await database.schema("games").deleteField(.string(column.name)).update()
        }
    }
}
