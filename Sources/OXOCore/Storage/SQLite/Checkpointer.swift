import Foundation
import NIOConcurrencyHelpers

/// Moves the write-ahead log back into the database file, on a thread and a connection
/// of its own. SQLite would otherwise do it inside the writer's commit every thousand
/// pages, and the writer, which every change waits for, would wait on the disk meanwhile.
/// A passive checkpoint never blocks the writer or the readers. (Under writes that never
/// pause it cannot let the log start over; the writer sees to that, `GroupCommit.restartLog`.)
final class Checkpointer: Sendable {
    static let period: TimeInterval = 0.25

    private let connection: SQLiteWriterConnection
    private let running = NIOLockedValueBox(true)
    private let stopped = ConditionLock(value: false)

    init(path: String, durability: ServerConfiguration.Durability) throws {
        connection = try SQLiteWriterConnection(path: path, durability: durability)
        let thread = Thread { [self] in
            while running.withLockedValue({ $0 }) {
                Thread.sleep(forTimeInterval: Self.period)
                try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)", []) { _ in }
            }
            connection.close()
            stopped.lock()
            stopped.unlock(withValue: true)
        }
        thread.name = "oxo-sqlite-checkpoint"
        thread.start()
    }

    /// Ends the loop and waits until its connection is closed.
    func stop() {
        running.withLockedValue { $0 = false }
        stopped.lock(whenValue: true)
        stopped.unlock()
    }
}
