import Foundation
import Logging
import NIOConcurrencyHelpers
import SQLKit

/// SQLite's changes, queued and committed in groups on one connection and one thread.
/// SQLite allows one writer at a time; so the changes that wait while one transaction
/// runs all run in the next, one after another, and share its `BEGIN`, its `COMMIT` and
/// its fsync; their events are numbered in memory (`TopicHistory`). Each is answered only once that
/// commit succeeded. The group runs on the writer's own thread (`WriterThread`) against
/// its own connection (`SQLiteDirectConnection`), whose statements run at once, so a
/// change goes from its first read to the commit without waiting for another thread.
/// When one change of a group fails, the others are committed without it (`ChangeGroup`). A
/// group's events are handed to `publish` as soon as it committed, all of them in the
/// order they were numbered: published by each change's caller instead, two messages of
/// one chat room committed together could reach the bus in the wrong order, and every
/// socket following the room would read the first one back from the history to close
/// the gap.
final class GroupCommit: Sendable {
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
    /// The rows kept between changes, so that a move does not read its game again.
    private let liveRows = LiveRows()
    /// Numbers the group's events in memory and keeps them once committed.
    private let history: TopicHistory
    private let publish: @Sendable ([StoredEvent]) -> Void
    private let logger: Logger
    private let queue = ChangeQueue(drainers: 1, groupLimit: GroupCommit.groupLimit)
    /// The most changes one transaction takes. A group shares its `BEGIN` and `COMMIT`, one
    /// publication, and the pages its changes have in
    /// common (the trees' upper pages, the tables' last ones). At full load 256 make about
    /// a fifth more moves a second than 32 did; a group that large forms only when that many
    /// changes wait for the writer anyway.
    static let groupLimit = 256

    init(path: String, configuration: ServerConfiguration, clock: ServerClock, history: TopicHistory,
         publish: @escaping @Sendable ([StoredEvent]) -> Void, logger: Logger) throws {
        connection = try SQLiteDirectConnection(path: path, durability: configuration.durability, checkpoints: false)
        dataFile = try DataFile(path: path)
        logLimit = configuration.writeAheadLogLimit / connection.pageSize
        checkpointer = try Checkpointer(path: path, durability: configuration.durability, hurryPast: logLimit / 2)
        restartAt = NIOLockedValueBox(logLimit)
        self.clock = clock
        self.history = history
        self.publish = publish
        self.logger = logger
    }

    private var database: any SQLDatabase {
        SQLiteWriterDatabase(connection: connection, logger: logger, eventLoop: thread.eventLoop)
    }

    /// Queues `change` to run in a write transaction with the rest of its group, numbers the
    /// events it logged with theirs, and answers it on the writer's thread once all of that
    /// committed (or with its error). No task waits for it: a socket's move is handed over
    /// from its event loop and answered from here.
    func submit(_ change: any QueuedChange) {
        if queue.add(change) { Task(executorPreference: thread.executor) { await self.drain() } }
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
        while let group = queue.nextGroup() {
            await ChangeGroup.commit(group, logger: logger, explained: SQLiteDirectError.explained, attempt: attempt, publish: publish)
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

    /// Returns the group's events as numbered, in order.
    private func attempt(_ group: ArraySlice<any QueuedChange>) async throws -> [StoredEvent] {
        let database = database
        try dataFile.checkStillThere()
        let started = ContinuousClock.now
        // IMMEDIATE takes the write lock at once, so no reader's lock has to be upgraded.
        try await database.raw("BEGIN IMMEDIATE").run()
        do {
            let logs = try await ChangeGroup.run(group, on: database, rows: liveRows)
            let stored = Array(try await EventStore(database: database, history: history).append(logs, at: clock.now).joined())
            try await database.raw("COMMIT").run()
            liveRows.committed()
            history.settle(stored)
            ServerMetrics.committed(changes: group.count, took: ContinuousClock.now - started)
            return stored
        } catch {
            try? await database.raw("ROLLBACK").run()
            liveRows.rolledBack()
            history.abandon()
            throw error
        }
    }
}
