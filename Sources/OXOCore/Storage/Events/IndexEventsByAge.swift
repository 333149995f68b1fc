import Fluent
import SQLKit

/// The events by the time they were stored. Housekeeping deletes those past the retention
/// every five seconds, on the writer; without this index each run read the whole table,
/// which grows by every event of the retention (a day): at 1,000 games it held the writer,
/// and every change waiting for it, 30 ms after 40 s and longer with every minute. An entry
/// is added at the end of the index, on the page the commit's other events share.
package struct IndexEventsByAge: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.sql.raw("CREATE INDEX events_by_age ON events (created_at)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX events_by_age").run()
    }
}
