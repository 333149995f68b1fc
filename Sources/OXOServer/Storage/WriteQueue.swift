import Fluent
import Logging
import NIOConcurrencyHelpers

/// SQLite's writers, queued and committed in groups. SQLite allows one writer at a
/// time, and each statement costs hand-offs between threads; so the changes that wait
/// while one transaction runs all run in the next, one after another on its connection,
/// and share its `BEGIN`, `COMMIT` and fsync. Each is answered only once that commit
/// succeeded. When one change of a group fails, the transaction is rolled back; that
/// change is answered with its error and the others are committed again without it,
/// so that one's error is never another's. Waiting here costs no thread (a second SQLite writer would spin in SQLite's busy
/// handler on a thread of the blocking pool that the first may need to commit).
actor WriteQueue {
    /// The most changes one transaction takes: enough to share the commit's cost, few
    /// enough that the first of them is not kept waiting long for the last.
    static let groupLimit = 32

    private let durability: ServerConfiguration.Durability
    private let clock: ServerClock
    private let logger: Logger
    private var waiting: [any QueuedWrite] = []
    private var draining = false

    init(durability: ServerConfiguration.Durability, clock: ServerClock, logger: Logger) {
        self.durability = durability
        self.clock = clock
        self.logger = logger
    }

    /// Runs `body` in a write transaction, stores what it logged with the events of the
    /// rest of its group, and returns once all of that committed.
    func run<T: Sendable>(
        on database: any Database, _ body: @escaping @Sendable (any Database, EventLog) async throws -> T
    ) async throws -> (result: T, events: [StoredEvent]) {
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(Write(body: body, continuation: continuation))
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
    private func commit(_ group: [any QueuedWrite], on database: any Database) async {
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
                for write in pending { await commit([write], on: database) }
                return
            }
        }
    }

    private func attempt(_ group: ArraySlice<any QueuedWrite>, on database: any Database) async throws {
        try await database.writeTransaction(durability: durability, storingEventsAt: clock) { db in
            var logs: [EventLog] = []
            for (index, write) in zip(group.indices, group) {
                do {
                    logs.append(try await write.attempt(on: db))
                } catch {
                    throw ChangeFailure(index: index, error: error)
                }
            }
            return (result: (), logs: logs)
        }
    }
}

/// The change at `index` of a group threw `error`.
private struct ChangeFailure: Error {
    let index: Int
    let error: any Error
}

/// One change waiting in the queue, its type erased.
private protocol QueuedWrite: Sendable {
    /// Runs the change in the current transaction and keeps its result until the commit.
    /// Returns the log of the events it caused, for the group to store.
    func attempt(on database: any Database) async throws -> EventLog
    /// The transaction committed: answers the caller with the result.
    func succeed()
    func fail(_ error: any Error)
}

private final class Write<T: Sendable>: QueuedWrite {
    let body: @Sendable (any Database, EventLog) async throws -> T
    let continuation: CheckedContinuation<(result: T, events: [StoredEvent]), any Error>
    let outcome = NIOLockedValueBox<(result: T, log: EventLog)?>(nil)

    init(body: @escaping @Sendable (any Database, EventLog) async throws -> T,
         continuation: CheckedContinuation<(result: T, events: [StoredEvent]), any Error>) {
        self.body = body
        self.continuation = continuation
    }

    func attempt(on database: any Database) async throws -> EventLog {
        let log = EventLog()
        let value = try await body(database, log)
        outcome.withLockedValue { $0 = (value, log) }
        return log
    }

    func succeed() {
        guard let (value, log) = outcome.withLockedValue({ $0 }) else { return fail(WriteQueueError.noResult) }
        continuation.resume(returning: (value, log.stored))
    }

    func fail(_ error: any Error) {
        continuation.resume(throwing: error)
    }
}

enum WriteQueueError: Error {
    case noResult
}
