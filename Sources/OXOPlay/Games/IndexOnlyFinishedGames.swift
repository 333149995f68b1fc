import Fluent
import OXOCore
import SQLKit

/// The finished-games indexes (`IndexFinishedGames`) keep finished games only. Every move
/// sets its game's `updated_at`, so while live games were in them each move rewrote an
/// entry in both, on pages no read wanted: a sixth of the pages each commit wrote.
/// A history page asks for `phase = 'finished'` written as a literal, which is how
/// SQLite and PostgreSQL both know the partial index answers it.
package struct IndexOnlyFinishedGames: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        for (index, column) in IndexFinishedGames.indexes {
            try await database.sql.raw("DROP INDEX \(ident: index)").run()
            try await database.sql.raw("""
                CREATE INDEX \(ident: index) ON games (\(ident: column), updated_at, id) WHERE phase = 'finished'
                """).run()
        }
    }

    package func revert(on database: any Database) async throws {
        try await IndexFinishedGames().revert(on: database)
        try await IndexFinishedGames().prepare(on: database)
    }
}
