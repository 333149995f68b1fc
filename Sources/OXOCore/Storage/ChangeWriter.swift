import Fluent
import Foundation
import NIOConcurrencyHelpers
import OXOProtocol
import SQLKit
import Vapor

/// Commits changes. SQLite has one writer at a time, so its changes queue and commit in
/// groups on a connection and a thread of their own (`GroupCommit`); PostgreSQL has row
/// locks and takes them side by side, each in its own transaction on a pooled
/// connection. Either way a change's events are stored in its transaction, just before
/// the commit, and published on the bus once it succeeded (SQLite's in the order of their
/// groups, on a task of the bus's own, so the caller may hear of its commit first).
package final class ChangeWriter: Sendable {
    private let context: ServerContext
    private let reactions: [ChangeReaction]
    private let bus: EventBus
    /// SQLite's writer; nil on PostgreSQL.
    private let groups: GroupCommit?
    /// Changes begun and not yet committed or failed, which a stopping process waits for.
    private let inFlight = NIOLockedValueBox(0)

    package init(context: ServerContext, reactions: [ChangeReaction], bus: EventBus, logger: Logger) throws {
        self.context = context
        self.reactions = reactions
        self.bus = bus
        switch context.configuration.storage {
        case .sqlite(let path):
            groups = try GroupCommit(path: path, configuration: context.configuration, clock: context.clock,
                                     liveRows: context.liveRows, publish: bus.publishInOrder, logger: logger)
        case .postgres:
            groups = nil
        }
    }

    /// Runs `body` as one change, commits it and publishes its events; returns its result.
    func commit<T: Sendable>(
        _ body: @escaping @Sendable (Change) async throws -> T, on database: any Database
    ) async throws -> T {
        if groups != nil {
            return try await withCheckedThrowingContinuation { continuation in
                commit(body, on: database) { continuation.resume(with: $0) }
            }
        }
        inFlight.withLockedValue { $0 += 1 }
        defer { inFlight.withLockedValue { $0 -= 1 } }
        let clock = context.clock
        let started = ContinuousClock.now
        let (result, change, events) = try await database.writeTransaction { db in
            let (result, change) = try await self.run(body, on: db.sql)
            let stored = try await EventStore(database: db.sql).append([change.logged], at: clock.now)
            return (result, change, stored[0])
        }
        ServerMetrics.committed(changes: 1, took: ContinuousClock.now - started)
        bus.publish(events)
        change.committed()
        return result
    }

    /// Runs `body` as `commit` does and calls `answer` with its result once it committed,
    /// or with its error. On SQLite no task waits for it: the change goes to the writer's
    /// queue at once and `answer` is called on the writer's thread. On PostgreSQL, whose
    /// transactions run on pooled connections from a task, a task runs it.
    func commit<T: Sendable>(
        _ body: @escaping @Sendable (Change) async throws -> T, on database: any Database,
        answer: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        guard let groups else {
            Task {
                do {
                    answer(.success(try await commit(body, on: database)))
                } catch {
                    answer(.failure(error))
                }
            }
            return
        }
        inFlight.withLockedValue { $0 += 1 }
        groups.submit({ sql in
            let ran = try await self.run(body, on: sql)
            return (ran, ran.change.logged)
        }, answer: { [inFlight] result in
            defer { inFlight.withLockedValue { $0 -= 1 } }
            answer(result.map { ran in
                ran.change.committed()
                return ran.result
            })
        })
    }

    /// Throws `StorageUnavailable` when SQLite's data file is gone or its disk is full.
    func checkStorage() throws {
        try groups?.checkStorage()
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
    func shutdown() async {
        await groups?.shutdown()
    }

    /// Runs the change and the reactions to it in the current transaction; returns its
    /// result and the change, which holds every event it and they logged.
    private func run<T: Sendable>(
        _ body: @Sendable (Change) async throws -> T, on sql: any SQLDatabase
    ) async throws -> (result: T, change: Change) {
        let change = Change(sql: sql, context: context)
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

/// Closes SQLite's writer after everything that could still write has stopped.
package struct ChangeWriterShutdown: LifecycleHandler {
    let writer: ChangeWriter

    package init(writer: ChangeWriter) {
        self.writer = writer
    }

    package func shutdownAsync(_ application: Application) async {
        await writer.shutdown()
    }
}
