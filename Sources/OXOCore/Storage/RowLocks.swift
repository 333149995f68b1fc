import SQLKit

/// Rows a change reads and keeps to itself until it commits, said once for both
/// databases. PostgreSQL runs changes side by side, so a change that reads rows to
/// decide and then writes them locks them (`FOR UPDATE`; `FOR NO KEY UPDATE` when their
/// keys stay, so that rows referring to them are not held up). SQLite's one writer runs
/// changes one at a time: its statements leave the lock out, and a read made only to
/// lock is not run at all.
package enum RowLock: String, Sendable {
    case update = "FOR UPDATE"
    case noKeyUpdate = "FOR NO KEY UPDATE"
}

extension FixedStatement {
    /// `text`, a SELECT, with `lock` after it on PostgreSQL.
    package init(_ text: String, locking lock: RowLock) {
        self.init(postgres: "\(text) \(lock.rawValue)", sqlite: text)
    }
}

extension Change {
    /// Takes the locks of `statement`'s rows (`RowLock`): on PostgreSQL it runs; on SQLite
    /// there is nothing to wait for.
    package func lockRows(_ statement: FixedStatementRun?) async throws {
        guard !sql.isSQLite, let statement else { return }
        _ = try await statement.all()
    }

    /// Waits until no other change that serializes on `key` runs, until this one ends: an
    /// advisory lock on PostgreSQL, nothing on SQLite, whose changes never overlap.
    package func serialize(on key: Int64) async throws {
        guard !sql.isSQLite else { return }
        _ = try await sql.raw("SELECT pg_advisory_xact_lock(\(literal: key))").all()
    }
}
