import NIOConcurrencyHelpers
import OXOProtocol

/// Rows SQLite's writer keeps in memory between changes, each under the topic whose events
/// tell of its changes: a live game's row under its game's topic, so that a move does not
/// read it again. On SQLite every write is a change on the one writer, so what it keeps is
/// the row as stored, provided three rules hold:
///
/// - a row is kept by the change that wrote it last, in its transaction, so the next change
///   of the same group sees it as the database would;
/// - a change that logs an event on the topic drops the row (`Change.log`), since that event
///   says the row changed; the change that keeps it again does so after logging;
/// - a transaction rolled back drops every row, since it undid what they were kept after.
///
/// What changes a row without an event on its topic drops it itself: a game's reminder
/// sent, for one; a player's new name or avatar, which a game's row carries, and a deleted
/// account's watching drop every row (`forgetAll`), being rare. With PostgreSQL
/// several processes write one database and none may keep anything: `enabled` is false.
/// Only the writer's thread uses it; the lock only makes that safe to say.
package final class LiveRows: Sendable {
    package let enabled: Bool
    private let rows = NIOLockedValueBox<[Topic: any Sendable]>([:])
    /// Far more rows than games are played at once; past it they start again from none,
    /// which costs each game one read.
    static let limit = 50_000

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// The row kept under `topic`, if one of that type is.
    package func row<Row: Sendable>(_ topic: Topic, as type: Row.Type) -> Row? {
        guard enabled else { return nil }
        return rows.withLockedValue { $0[topic] } as? Row
    }

    /// Keeps `row` as stored by the running change, under `topic`.
    package func keep(_ row: some Sendable, under topic: Topic) {
        guard enabled else { return }
        rows.withLockedValue { rows in
            if rows.count >= Self.limit { rows.removeAll(keepingCapacity: true) }
            rows[topic] = row
        }
    }

    /// Drops the rows kept under `topics`: an event on them says they changed.
    package func forget(_ topics: [Topic]) {
        guard enabled else { return }
        rows.withLockedValue { rows in
            guard !rows.isEmpty else { return }
            for topic in topics { rows[topic] = nil }
        }
    }

    /// Drops every row: after a rollback, or a change that rows carry without an event on
    /// their topics.
    package func forgetAll() {
        guard enabled else { return }
        rows.withLockedValue { $0.removeAll(keepingCapacity: true) }
    }
}
