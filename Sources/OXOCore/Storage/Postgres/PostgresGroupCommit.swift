import Fluent
import FluentPostgresDriver
import Foundation
import Logging
import SQLKit

/// PostgreSQL's changes, queued and committed in groups, as SQLite's are (`GroupCommit`),
/// but several groups at once: PostgreSQL locks rows, not the database, so transactions
/// run side by side, each on a pooled connection. The changes that wait while every
/// drainer is in a transaction run in the next group of one of them, and share its
/// `BEGIN`, the two statements that number and announce the events, and its
/// `COMMIT`: on PostgreSQL each of those is a round trip and a statement to run, which a
/// change alone paid for in full. A group that PostgreSQL aborts for a deadlock or a
/// serialisation failure runs again whole (`writeTransaction`); one change that fails is
/// answered with its error and the others committed without it (`ChangeGroup`).
final class PostgresGroupCommit: Sendable {
    private let queue: ChangeQueue
    private let clock: ServerClock
    private let history: TopicHistory
    private let publish: @Sendable ([StoredEvent]) -> Void
    private let logger: Logger
    /// How long a group's transaction may take before it is abandoned (`TransactionDeadline`).
    private let transactionLimit: Duration
    /// The most changes one transaction takes. Groups run side by side here, each holding
    /// the rows it changed locked until its commit, so they stay smaller than SQLite's (128
    /// made no more moves a second at full load).
    static let groupLimit = 32
    /// The most times a change alone runs when PostgreSQL aborts it for a deadlock or a
    /// serialisation failure.
    static let attemptsAlone = 5

    /// `drainers`: how many groups may be in their transactions at once, each holding a
    /// pooled connection; the rest of the pool is left to reads.
    init(drainers: Int, transactionLimit: Duration, clock: ServerClock, history: TopicHistory,
         publish: @escaping @Sendable ([StoredEvent]) -> Void, logger: Logger) {
        self.transactionLimit = transactionLimit
        queue = ChangeQueue(drainers: drainers, groupLimit: Self.groupLimit)
        self.clock = clock
        self.history = history
        self.publish = publish
        self.logger = logger
    }

    /// Queues `change` to run in a transaction with the rest of its group, on a connection
    /// of `database`'s pool; it is answered once that committed (or with its error).
    func submit(_ change: any QueuedChange, on database: any Database) {
        if queue.add(change) { Task { await self.drain(on: database) } }
    }

    private func drain(on database: any Database) async {
        while let group = queue.nextGroup() {
            await ChangeGroup.commit(group, logger: logger, explained: { $0 }, attempt: { try await self.attempt($0, on: database) },
                                     publish: publish)
        }
    }

    /// Returns the group's events as stored, in order.
    private func attempt(_ group: ArraySlice<any QueuedChange>, on database: any Database) async throws -> [StoredEvent] {
        let (clock, history) = (clock, history)
        let started = ContinuousClock.now
        // A group that PostgreSQL aborts for a deadlock is not run again whole: groups lock
        // their changes' rows in the order of their changes, and the same groups meeting again
        // deadlock again, a second (`deadlock_timeout`) each time; after a failover's reconnects,
        // for ten seconds. Thrown on, its changes run again alone (`ChangeGroup`), which lock
        // little and take their turns. A change alone is run again here.
        let attempts = group.count == 1 ? Self.attemptsAlone : 1
        let stored = try await database.writeTransaction(within: transactionLimit, attempts: attempts) { db in
            let logs: [[LoggedEvent]]
            do {
                // The rows the changes said they read, each kind in one statement: a
                // move's own round trip is then only its write.
                let rows = try await TransactionRows.read(group.compactMap(\.read), on: db.sql)
                // A move's write is left for the group, to be made with the others in one statement.
                let deferring = DeferringDatabase(db.sql)
                logs = try await ChangeGroup.run(group, on: deferring, rows: rows)
                try await deferring.makeDeferred()
            } catch let failure as ChangeFailure where (failure.error as? PSQLError)?.isTransient == true {
                // Not this change's fault: the transaction is run again, or its changes alone.
                throw failure.error
            }
            return try await EventStore(database: db.sql, history: history).append(logs, at: clock.now)
        }
        ServerMetrics.committed(changes: group.count, took: ContinuousClock.now - started)
        return Array(stored.joined())
    }
}
