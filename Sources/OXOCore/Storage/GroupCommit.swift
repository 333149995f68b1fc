import Foundation
import Logging
import NIOConcurrencyHelpers
import SQLKit

/// SQLite's changes, queued and committed in groups on one connection and one thread.
/// SQLite allows one writer at a time; so the changes that wait while one transaction
/// runs all run in the next, one after another, and share its `BEGIN`, the statements
/// that store their events, its `COMMIT` and its fsync. Each is answered only once that
/// commit succeeded. The group runs on the writer's own thread (`WriterThread`) against
/// its own connection (`SQLiteDirectConnection`), whose statements run at once, so a
/// change goes from its first read to the commit without waiting for another thread.
/// When one change of a group fails, the transaction is rolled back; that change is
/// answered with its error and the others are committed again without it, so that one's
/// error is never another's (every change must therefore be safe to run twice). A
/// group's events are handed to `publish` as soon as it committed, all of them in the
/// order they were numbered: published by each change's caller instead, two messages of
/// one chat room committed together could reach the bus in the wrong order, and every
/// socket following the room would read the first one back from the database to close
/// the gap.
final class GroupCommit: Sendable {
    /// The most changes one transaction takes: enough to share the commit's cost, few
    /// enough that the first of them is not kept waiting long for the last.
    static let groupLimit = 32
    /// How long, in milliseconds, the writer waits for readers to leave the log it restarts.
    static let restartWait = 50

    private let connection: SQLiteDirectConnection
    private let dataFile: DataFile
    private let checkpointer: Checkpointer
    /// The frames past which the writer restarts the write-ahead log (`restartLog`), and
    /// past which it tries next.
    private let logLimit: Int
    private let restartAt: NIOLockedValueBox<Int>
    private let thread = WriterThread()
    private let clock: ServerClock
    private let liveRows: LiveRows
    private let publish: @Sendable ([StoredEvent]) -> Void
    private let logger: Logger
    private let state = NIOLockedValueBox<(waiting: [any QueuedChange], draining: Bool)>(([], false))

    init(path: String, configuration: ServerConfiguration, clock: ServerClock, liveRows: LiveRows,
         publish: @escaping @Sendable ([StoredEvent]) -> Void, logger: Logger) throws {
        connection = try SQLiteDirectConnection(path: path, durability: configuration.durability, checkpoints: false)
        dataFile = try DataFile(path: path)
        logLimit = configuration.writeAheadLogLimit / connection.pageSize
        checkpointer = try Checkpointer(path: path, durability: configuration.durability, hurryPast: logLimit / 2)
        restartAt = NIOLockedValueBox(logLimit)
        self.clock = clock
        self.liveRows = liveRows
        self.publish = publish
        self.logger = logger
    }

    private var database: any SQLDatabase {
        SQLiteWriterDatabase(connection: connection, logger: logger, eventLoop: thread.eventLoop)
    }

    /// Queues `body` to run in a write transaction with the rest of its group, stores the
    /// events it logged with theirs, and calls `answer` on the writer's thread once all of
    /// that committed (or with its error). No task waits for it: a socket's move is handed
    /// over from its event loop and answered from here.
    func submit<T: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> (T, [LoggedEvent]),
        answer: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        let start = state.withLockedValue { state in
            state.waiting.append(Queued(body: body, answer: answer))
            defer { state.draining = true }
            return !state.draining
        }
        if start { Task(executorPreference: thread) { await self.drain() } }
    }

    /// Throws `StorageUnavailable` when the data file is gone or the disk is full.
    func checkStorage() throws {
        try dataFile.checkStillThere()
        try dataFile.checkRoomLeft()
    }

    /// Closes the connection once nothing is waiting; called as the server stops.
    func shutdown() async {
        await thread.shutdown()
        checkpointer.stop()
        connection.close()
    }

    private func drain() async {
        while let group = nextGroup() {
            await commit(group)
            if connection.logFrames > restartAt.withLockedValue({ $0 }) { restartLog() }
        }
    }

    /// Lets the write-ahead log start over once it holds more than its limit. It starts
    /// over only when a write begins after a checkpoint copied all of it, and under writes
    /// that never pause the writer commits again before the checkpointer's passive run
    /// ends: the log grew by every byte written (700 MB in 18 s of the bench), and each
    /// new block of it cost the file system an allocation. So the writer, between two
    /// groups, copies the rest itself (between two of the checkpointer's passes, which
    /// run back to back past half the limit and leave little) and waits briefly for the
    /// readers still reading from the log; the next write starts it over. Below full load
    /// the log often starts over before (about half the time at human pace), when a pass
    /// ends in a pause between commits: this copy held every change 6 to 28 ms each time,
    /// the tail of the moves' round trip at human pace.
    /// A reader that keeps it past `restartWait` postpones the next try until the log has
    /// grown by its limit again: each try waits those 50 ms, and at full load the log grows
    /// by its limit in about 0.7 s, so such a reader costs the writer about 7 %.
    private func restartLog() {
        let started = ContinuousClock.now
        let frames = connection.logFrames
        var restarted = false
        do {
            restarted = try checkpointer.betweenPasses {
                try connection.execute("PRAGMA busy_timeout = \(Self.restartWait)", []) { _ in }
                defer { try? connection.execute("PRAGMA busy_timeout = \(SQLiteDirectConnection.busyTimeout)", []) { _ in } }
                var busy = 1
                try connection.execute("PRAGMA wal_checkpoint(RESTART)", []) { busy = (try? $0.decode(column: "busy", as: Int.self)) ?? 1 }
                return busy == 0
            }
        } catch {
            logger.warning("write-ahead log not copied back", metadata: ["error": "\(String(reflecting: error))"])
        }
        restartAt.withLockedValue { $0 = restarted ? logLimit : frames + logLimit }
        logger.debug(restarted ? "write-ahead log copied back to start over" : "write-ahead log held by a reader; tried later",
                     metadata: ["frames": "\(frames)", "took": "\(ContinuousClock.now - started)"])
    }

    /// The next changes to commit together; nil, and draining stops, when none wait.
    private func nextGroup() -> [any QueuedChange]? {
        state.withLockedValue { state in
            guard !state.waiting.isEmpty else {
                state.draining = false
                return nil
            }
            ServerMetrics.writeQueue(depth: state.waiting.count)
            let group = Array(state.waiting.prefix(Self.groupLimit))
            state.waiting.removeFirst(group.count)
            return group
        }
    }

    /// Commits the group, answering each change once its commit succeeded. A change that
    /// fails rolls the whole transaction back; it is answered with its error, and the
    /// changes before it and after it are committed again without it.
    private func commit(_ group: [any QueuedChange]) async {
        var pending = group[...]
        while !pending.isEmpty {
            do {
                publish(try await attempt(pending))
                pending.forEach { $0.succeed() }
                return
            } catch let failure as ChangeFailure {
                let failed = pending[failure.index]
                if failure.index > pending.startIndex {
                    logger.debug("write group rolled back: one change failed, the others are committed without it",
                                 metadata: ["changes": "\(pending.count)", "error": "\(String(reflecting: failure.error))"])
                    await commit(Array(pending[..<failure.index]))
                }
                failed.fail(SQLiteDirectError.explained(failure.error))
                pending = pending[(failure.index + 1)...]
            } catch {
                // The transaction itself failed (begin, storing events, commit): each
                // change runs again alone, so that one's trouble is not all of theirs.
                guard pending.count > 1 else { return pending.forEach { $0.fail(SQLiteDirectError.explained(error)) } }
                for change in pending { await commit([change]) }
                return
            }
        }
    }

    /// Returns the group's events as stored, in order.
    private func attempt(_ group: ArraySlice<any QueuedChange>) async throws -> [StoredEvent] {
        let database = database
        try dataFile.checkStillThere()
        let started = ContinuousClock.now
        // IMMEDIATE takes the write lock at once, so no reader's lock has to be upgraded.
        try await database.raw("BEGIN IMMEDIATE").run()
        do {
            var logs: [[LoggedEvent]] = []
            for (index, change) in zip(group.indices, group) {
                do {
                    logs.append(try await change.attempt(on: database))
                } catch {
                    throw ChangeFailure(index: index, error: error)
                }
            }
            let stored = try await EventStore(database: database).append(logs, at: clock.now)
            try await database.raw("COMMIT").run()
            liveRows.committed()
            ServerMetrics.committed(changes: group.count, took: ContinuousClock.now - started)
            return Array(stored.joined())
        } catch {
            try? await database.raw("ROLLBACK").run()
            liveRows.rolledBack()
            throw error
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
    func attempt(on database: any SQLDatabase) async throws -> [LoggedEvent]
    /// The transaction committed: answers the caller with the result.
    func succeed()
    func fail(_ error: any Error)
}

private final class Queued<T: Sendable>: QueuedChange {
    let body: @Sendable (any SQLDatabase) async throws -> (T, [LoggedEvent])
    let answer: @Sendable (Result<T, any Error>) -> Void
    let outcome = NIOLockedValueBox<T?>(nil)

    init(body: @escaping @Sendable (any SQLDatabase) async throws -> (T, [LoggedEvent]),
         answer: @escaping @Sendable (Result<T, any Error>) -> Void) {
        self.body = body
        self.answer = answer
    }

    func attempt(on database: any SQLDatabase) async throws -> [LoggedEvent] {
        let (value, logged) = try await body(database)
        outcome.withLockedValue { $0 = value }
        return logged
    }

    func succeed() {
        guard let outcome = outcome.withLockedValue({ $0 }) else { return fail(GroupCommitError.noResult) }
        answer(.success(outcome))
    }

    func fail(_ error: any Error) {
        answer(.failure(error))
    }
}

enum GroupCommitError: Error {
    case noResult
}
