import Fluent
import OXOCore

/// Columns for playing together: when a seated player's clients all went away (and from
/// when the opponent may claim the win), and the offers to play again.
package struct AddAwayAndRematch: RecordedMigration {
    package init() {}

    static let columns = TableColumns("games", [
        ("x_away_since", .datetime), ("o_away_since", .datetime),
        ("x_claimable_at", .datetime), ("o_claimable_at", .datetime),
        // "X", "O" or "XO": who offered a rematch.
        ("rematch_offers", .string),
        ("rematch_game_id", .uuid),
    ])

    package func prepare(on database: any Database) async throws {
        try await Self.columns.add(on: database)
    }

    package func revert(on database: any Database) async throws {
        try await Self.columns.remove(on: database)
    }
}
