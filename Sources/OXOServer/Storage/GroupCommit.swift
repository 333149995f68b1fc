import Fluent
import Logging
import NIOConcurrencyHelpers

/// SQLite's changes, queued and committed in groups. SQLite allows one writer at a
/// time, and each statement costs hand-offs between threads; so the changes that wait
/// while one transaction runs all run in the next, one after another on its connection,
/// and share its `BEGIN`, the statements that store their events, its `COMMIT` and its
/// fsync. Each is answered only once that commit succeeded. When one change of a group
/// fails, the transaction is rolled back; that change is answered with its error and the
/// others are committed again without it, so that one's error is never another's (every
/// change must therefore be safe to run twice). Waiting here costs no thread: a second
/// SQLite writer would spin in SQLite's busy handler on a thread of the blocking pool
/// that the first may need to commit.
actor GroupCommit {
    /// The most changes one transaction takes: enough to share the commit's cost, few
    /// enough that the first of them is not kept waiting long for the last.
    static let groupLimit = 32

    private let durability: ServerConfiguration.Durability
    private let clock: ServerClock
    private let logger: Logger
    private var waiting: [any QueuedChange] = []
    private var draining = false

    init(durability: ServerConfiguration.Durability, clock: ServerClock, logger: Logger) {
        self.durability = durability
        self.clock = clock
        self.logger = logger
    }

    /// Runs `body` in a write transaction with the rest of its group, stores the events
    /// it logged with theirs, and returns once all of that committed.
    func run<T: Sendable>(
        on database: any Database, _ body: @escaping @Sendable (any Database) async throws -> (T, [LoggedEvent])
    ) async throws -> (result: T, events: [StoredEvent]) {
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(Queued(body: body, continuation: continuation))
            if !draining {
                draining = true
                Task { await drain(on: database) }
            }
        }
    }

    private func drain(on database: any Database) async {
        while !waiting.isEmpty {
            let group = Array(waiting.prefix(Self.groupLimit))
            waiting.removeFirst(group.count)
            await commit(group, on: database)
        }
        draining = false
    }

    /// Commits the group, answering each change once its commit succeeded. A change that
    /// fails rolls the whole transaction back; it is answered with its error, and the
    /// changes before it and after it are committed again without it.
    private func commit(_ group: [any QueuedChange], on database: any Database) async {
        var pending = group[...]
        while !pending.isEmpty {
            do {
                try await attempt(pending, on: database)
                pending.forEach { $0.succeed() }
                return
            } catch let failure as ChangeFailure {
                let failed = pending[failure.index]
                if failure.index > pending.startIndex {
                    logger.debug("write group rolled back: one change failed, the others are committed without it",
                                 metadata: ["changes": "\(pending.count)", "error": "\(String(reflecting: failure.error))"])
                    await commit(Array(pending[..<failure.index]), on: database)
                }
                failed.fail(failure.error)
                pending = pending[(failure.index + 1)...]
            } catch {
                // The transaction itself failed (begin, storing events, commit): each
                // change runs again alone, so that one's trouble is not all of theirs.
                guard pending.count > 1 else { return pending.forEach { $0.fail(error) } }
                for change in pending { await commit([change], on: database) }
                return
            }
        }
    }

    private func attempt(_ group: ArraySlice<any QueuedChange>, on database: any Database) async throws {
        let clock = clock
        try await database.writeTransaction(durability: durability) { db in
            var logs: [[LoggedEvent]] = []
            for (index, change) in zip(group.indices, group) {
                do {
                    logs.append(try await change.attempt(on: db))
                } catch {
                    throw ChangeFailure(index: index, error: error)
                }
            }
            let stored = try await EventStore(database: db).append(logs, at: clock.now)
            for (change, events) in zip(group, stored) { change.keep(events) }
        }
    }
}

/// The change at `index` of a group threw `error`.
private struct ChangeFailure: Error {
    let index: Int
    let error: any Error
}

/// One change waiting in the queue, its result's type erased.
private protocol QueuedChange: Sendable {
    /// Runs the change in the current transaction and keeps its result until the commit.
    /// Returns the events it logged, for the group to store.
    func attempt(on database: any Database) async throws -> [LoggedEvent]
    /// Keeps the change's events as the group stored them.
    func keep(_ events: [StoredEvent])
    /// The transaction committed: answers the caller with the result and the events.
    func succeed()
    func fail(_ error: any Error)
}

private final class Queued<T: Sendable>: QueuedChange {
    let body: @Sendable (any Database) async throws -> (T, [LoggedEvent])
    let continuation: CheckedContinuation<(result: T, events: [StoredEvent]), any Error>
    let outcome = NIOLockedValueBox<(result: T, events: [StoredEvent])?>(nil)

    init(body: @escaping @Sendable (any Database) async throws -> (T, [LoggedEvent]),
         continuation: CheckedContinuation<(result: T, events: [StoredEvent]), any Error>) {
        self.body = body
        self.continuation = continuation
    }

    func attempt(on database: any Database) async throws -> [LoggedEvent] {
        let (value, logged) = try await body(database)
        outcome.withLockedValue { $0 = (value, []) }
        return logged
    }

    func keep(_ events: [StoredEvent]) {
        outcome.withLockedValue { $0?.events = events }
    }

    func succeed() {
        guard let outcome = outcome.withLockedValue({ $0 }) else { return fail(GroupCommitError.noResult) }
        continuation.resume(returning: outcome)
    }

    func fail(_ error: any Error) {
        continuation.resume(throwing: error)
    }
}

enum GroupCommitError: Error {
    case noResult
}
