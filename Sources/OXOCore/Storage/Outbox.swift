import Foundation
import SQLKit

/// What every outbox (Mail's, Push's) shares: a row of `table` due at `next_attempt_at`,
/// claimed by one sender at a time until `claimed_until`, with the attempts counted in
/// `attempts`. The owner of the table reaches it from its handle.
package struct Outbox: Sendable {
    let change: Change
    let table: String

    package init(of change: Change, table: String) {
        self.change = change
        self.table = table
    }

    /// Claims up to `limit` due rows not claimed by a sender still within its lease, for
    /// `lease` seconds, counting an attempt for each, and returns their `columns`. On
    /// PostgreSQL rows another process is claiming are skipped (`FOR UPDATE SKIP LOCKED`),
    /// and the update's own condition is checked again on the row it locked, so two
    /// processes never claim one row; SQLite has one writer. A sender that dies mid-send
    /// leaves its claim to lapse, and the row is tried again after it.
    package func claimDue<Row: Decodable>(returning columns: [String], limit: Int, lease: TimeInterval,
                                          as type: Row.Type) async throws -> [Row] {
        let (sql, now) = (change.sql, change.now)
        let skipLocked: SQLQueryString = sql.isSQLite ? "" : "FOR UPDATE SKIP LOCKED"
        return try await sql.raw("""
            UPDATE \(ident: table) SET claimed_until = \(bind: now.addingTimeInterval(lease)), attempts = attempts + 1
            WHERE id IN (
                SELECT id FROM \(ident: table) WHERE next_attempt_at <= \(bind: now)
                AND (claimed_until IS NULL OR claimed_until <= \(bind: now))
                ORDER BY next_attempt_at LIMIT \(literal: limit) \(skipLocked))
            AND (claimed_until IS NULL OR claimed_until <= \(bind: now))
            RETURNING \(SQLList(columns.map { SQLIdentifier($0) }))
            """).all(decoding: Row.self)
    }

    /// Lets a claimed row go until `due`, when any sender may try it again.
    package func postpone(_ id: UUID, until due: Date) async throws {
        try await change.sql.update(table).set("next_attempt_at", to: due).set("claimed_until", to: SQLLiteral.null)
            .where("id", .equal, id).run()
    }
}
