import Fluent
import OXOCore
import SQLKit

/// A player's finished games in the order they ended, for their history: one index per
/// seat, read in order and cut at a page's length, so a page is never a scan.
package struct IndexFinishedGames: RecordedMigration {
    package init() {}

    static let indexes = ["finished_games_by_x": "x_user_id", "finished_games_by_o": "o_user_id"]

    package func prepare(on database: any Database) async throws {
        for (index, column) in Self.indexes {
            try await database.sql.raw("CREATE INDEX \(ident: index) ON games (\(ident: column), phase, updated_at, id)").run()
        }
    }

    package func revert(on database: any Database) async throws {
        for index in Self.indexes.keys {
            try await database.sql.raw("DROP INDEX \(ident: index)").run()
        }
    }
}
