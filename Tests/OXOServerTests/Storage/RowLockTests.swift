import Foundation
@testable import OXOCore
import Testing

/// A lock is written once, for both databases: PostgreSQL's text takes it, SQLite's
/// (whose one writer runs changes one at a time) leaves it out, and its values stay the same.
@Suite("Row locks said once for both databases")
struct RowLockTests {
    @Test func theLockIsPostgreSQLsAloneAndTheValuesAreNumberedAlike() {
        let locked = FixedStatement("SELECT id FROM users WHERE id IN ($1, $2) ORDER BY id", locking: .noKeyUpdate)
        #expect(locked.postgres == "SELECT id FROM users WHERE id IN ($1, $2) ORDER BY id FOR NO KEY UPDATE")
        #expect(locked.sqlite == "SELECT id FROM users WHERE id IN (?1, ?2) ORDER BY id")
        #expect(FixedStatement("SELECT 1 WHERE $1", locking: .update).postgres.hasSuffix(" FOR UPDATE"))
    }

    @Test(.enabled(if: TestStorage.postgresURL == nil, "SQLite's side: a lock there takes no read"))
    func onSQLiteALockTakesNoRead() async throws {
        try await withServer { server in
            // Were it run, this statement would fail: there is no such table.
            let missing = FixedStatement("SELECT id FROM no_such_table WHERE id = $1", locking: .update)
            try await server.app.store.change { change in
                try await change.lockRows(missing.on(change.sql, UUID()))
                try await change.serialize(on: 42)
            }
        }
    }
}
