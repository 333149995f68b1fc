import Fluent
import OXOCore
import SQLKit

/// The sessions by their last use, and the guests' accounts by age. Housekeeping looks
/// for the expired ones of each every five seconds, on the writer; without these indexes
/// each run read every session and every account. A session's last use is written at most
/// once a minute, so keeping its entry in order costs little. The guests' index holds
/// guests only: its condition is the very term the deletion names (`PlayerNames.guestEmails`),
/// which is what lets the databases use it.
package struct IndexExpiringAccounts: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.sql.raw("CREATE INDEX sessions_by_last_use ON sessions (last_used_at)").run()
        try await database.sql.raw("""
            CREATE INDEX guests_by_age ON users (created_at) WHERE email LIKE \(PlayerNames.guestEmails)
            """).run()
    }

    package func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX guests_by_age").run()
        try await database.sql.raw("DROP INDEX sessions_by_last_use").run()
    }
}
