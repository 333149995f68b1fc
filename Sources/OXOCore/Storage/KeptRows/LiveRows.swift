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
/// - a transaction rolled back drops the rows kept during it, since it undid what they were
///   kept after (a refused move rolls its group back: the other games keep theirs).
///
/// What changes a row without an event on its topic drops it itself: a game's reminder
/// sent, for one; a player's new name or avatar, which a game's row carries, and a deleted
/// account's watching drop every row (`forgetAll`), being rare. With PostgreSQL several
/// processes write one database and none may keep anything past its transaction: each
/// group keeps its own (`TransactionRows`), and there is no `LiveRows`.
/// Only the writer's thread uses it; the lock only makes that safe to say.
final class LiveRows: KeptRows {
    private let state = NIOLockedValueBox(Kept())
    private struct Kept {
        var rows: [Topic: any Sendable] = [:]
        /// The rows kept since the running transaction began.
        var sinceBegin: Set<Topic> = []
    }
    /// Far more rows than games are played at once; past it they start again from none,
    /// which costs each game one read.
    static let limit = 50_000

    /// The row kept under `topic`, if one of that type is.
    func row<Row: Sendable>(_ topic: Topic, as type: Row.Type) -> Row? {
        return state.withLockedValue { $0.rows[topic] } as? Row
    }

    /// Keeps `row` as stored by the running change, under `topic`.
    func keep(_ row: some Sendable, under topic: Topic) {
        state.withLockedValue { kept in
            if kept.rows.count >= Self.limit { kept.rows.removeAll(keepingCapacity: true) }
            kept.rows[topic] = row
            kept.sinceBegin.insert(topic)
        }
    }

    /// Drops the rows kept under `topics`: an event on them says they changed.
    func forget(_ topics: [Topic]) {
        state.withLockedValue { kept in
            guard !kept.rows.isEmpty else { return }
            for topic in topics { kept.rows[topic] = nil }
        }
    }

    /// Drops every row: a change that rows carry without an event on their topics.
    func forgetAll() {
        state.withLockedValue { $0.rows.removeAll(keepingCapacity: true) }
    }

    /// The writer's transaction committed: what was kept during it stays.
    func committed() {
        state.withLockedValue { $0.sinceBegin.removeAll(keepingCapacity: true) }
    }

    /// The writer's transaction was rolled back: what was kept during it goes.
    func rolledBack() {
        state.withLockedValue { kept in
            for topic in kept.sinceBegin { kept.rows[topic] = nil }
            kept.sinceBegin.removeAll(keepingCapacity: true)
        }
    }
}
