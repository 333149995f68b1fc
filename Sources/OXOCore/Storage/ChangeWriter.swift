import Fluent
import Foundation
import NIOConcurrencyHelpers
import OXOProtocol
import SQLKit
import Vapor

/// Commits changes, in groups that share a transaction. SQLite has one writer at a time,
/// so its changes queue and commit in groups on a connection and a thread of their own
/// (`GroupCommit`); PostgreSQL has row locks, and several groups take them side by side,
/// each on a pooled connection (`PostgresGroupCommit`). Either way a change's events are
/// numbered in its transaction, just before the commit, and published on the bus once it
/// succeeded (SQLite's in the order of their groups, on a task of the bus's own, so the
/// caller may hear of its commit first).
package final class ChangeWriter: Sendable {
    private let context: ServerContext
    private let reactions: [ChangeReaction]
    private let groups: Groups
    /// Changes begun and not yet committed or failed, which a stopping process waits for.
    private let inFlight = NIOLockedValueBox(0)

    package init(context: ServerContext, reactions: [ChangeReaction], bus: EventBus, logger: Logger) throws {
        self.context = context
        self.reactions = reactions
        switch context.configuration.storage {
        case .sqlite(let path):
            groups = .sqlite(try GroupCommit(path: path, configuration: context.configuration, clock: context.clock,
                                             history: context.history, publish: bus.publishInOrder, logger: logger))
        case .postgres:
            // Half the pool: the other half is left to reads.
            let pool = ProcessorCores.sharedEventLoops * context.configuration.postgresConnectionsPerLoop
            groups = .postgres(PostgresGroupCommit(drainers: max(1, pool / 2), transactionLimit: context.configuration.databaseWait,
                                                   clock: context.clock, history: context.history, publish: bus.publish, logger: logger))
        }
    }

    /// Runs `body` as one change, commits it and publishes its events; returns its result.
    func commit<T: Sendable>(
        _ body: @escaping @Sendable (Change) async throws -> T, on database: any Database
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            commit(body, on: database) { continuation.resume(with: $0) }
        }
    }

    /// Runs `body` as `commit` does and calls `answer` with its result once it committed,
    /// or with its error. No task waits for it: the change goes to its queue at once, and
    /// `answer` is called by the group that committed it (on SQLite, on the writer's thread).
    /// `read`, the row the change will read, lets PostgreSQL's group read it with the others'.
    func commit<T: Sendable>(
        _ body: @escaping @Sendable (Change) async throws -> T, reading read: RowRead? = nil, on database: any Database,
        answer: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        inFlight.withLockedValue { $0 += 1 }
        let queued: ChangeBody<(result: T, change: Change)> = { sql, rows in
            let ran = try await self.run(body, on: sql, rows: rows)
            return (ran, ran.change.logged)
        }
        let answered: @Sendable (Result<(result: T, change: Change), any Error>) -> Void = { [inFlight] result in
            defer { inFlight.withLockedValue { $0 -= 1 } }
            answer(result.map { ran in
                ran.change.committed()
                return ran.result
            })
        }
        let change = Queued(body: queued, read: read, answer: answered)
        switch groups {
        case .sqlite(let writer): writer.submit(change)
        case .postgres(let groups): groups.submit(change, on: database)
        }
    }

    /// Throws `StorageUnavailable` when SQLite's data file is gone or its disk is full.
    func checkStorage() throws {
        if case .sqlite(let writer) = groups { try writer.checkStorage() }
    }

    /// Returns once no change is in flight (each committed or failed), or at `deadline`;
    /// true when none is left. A stopping process calls it after it stopped taking new work.
    package func drained(by deadline: ContinuousClock.Instant) async -> Bool {
        while inFlight.withLockedValue({ $0 }) > 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Lets SQLite's writer finish and close its connection, as the server stops.
    package func shutdown() async {
        if case .sqlite(let writer) = groups { await writer.shutdown() }
    }

    /// Where changes queue: SQLite's one writer, or PostgreSQL's groups side by side.
    private enum Groups: Sendable {
        case sqlite(GroupCommit)
        case postgres(PostgresGroupCommit)
    }

    /// Runs the change and the reactions to it in the current transaction; returns its
    /// result and the change, which holds every event it and they logged.
    private func run<T: Sendable>(
        _ body: @Sendable (Change) async throws -> T, on sql: any SQLDatabase, rows: any KeptRows
    ) async throws -> (result: T, change: Change) {
        let change = Change(sql: sql, context: context, keptRows: rows)
        let result = try await body(change)
        let own = change.logged
        for reaction in reactions {
            switch reaction.sees {
            case .theChange: try await reaction.react(change, own)
            case .theChangeAndEarlierReactions: try await reaction.react(change, change.logged)
            }
        }
        return (result, change)
    }
}
