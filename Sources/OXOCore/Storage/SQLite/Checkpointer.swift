import Foundation
import NIOConcurrencyHelpers

/// Moves the write-ahead log back into the database file, on a thread and a connection
/// of its own. SQLite would otherwise do it inside the writer's commit every thousand
/// pages, and the writer, which every change waits for, would wait on the disk meanwhile.
/// A passive checkpoint never blocks the writer or the readers. The log starts over when
/// a write begins after a pass copied all of it, which under steady writes happens only
/// when a pass ends in a pause between two commits: so once the log is past `hurryPast`
/// frames the passes run back to back, and at human pace one of them soon ends in such a
/// pause. Otherwise the writer starts the log over itself past its limit
/// (`GroupCommit.restartLog`), and every change waits while it copies what is left.
final class Checkpointer: Sendable {
    static let period: TimeInterval = 0.25
    /// The thread's nice value (0 is the process's own; 19 the lowest).
    static let niceness: Int32 = 10

    private let connection: SQLiteDirectConnection
    private let running = NIOLockedValueBox(true)
    private let stopped = ConditionLock(value: false)
    /// Held through each pass, and by the writer through its own checkpoint: SQLite
    /// refuses a checkpoint at once while another runs.
    private let passing = NIOLock()

    init(path: String, durability: ServerConfiguration.Durability, hurryPast: Int) throws {
        connection = try SQLiteDirectConnection(path: path, durability: durability)
        let thread = Thread { [self] in
            // Below the sockets' loops and the writer, which every change waits for: the
            // passes take the time they leave. (On Linux a nice value is a thread's, and 0
            // names the calling one.)
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
            var hurry = false, copied = 0
            while running.withLockedValue({ $0 }) {
                if !hurry { Thread.sleep(forTimeInterval: Self.period) }
                let pass = passing.withLock { connection.passiveCheckpoint() }
                // A pass that copied nothing new found a reader in the way: no hurry then.
                hurry = pass.map { $0.frames > hurryPast && $0.copied > copied } ?? false
                copied = pass?.copied ?? 0
            }
            connection.close()
            stopped.lock()
            stopped.unlock(withValue: true)
        }
        thread.name = "oxo-sqlite-checkpoint"
        thread.start()
    }

    /// Runs `body` (the writer's own checkpoint) once no pass runs.
    func betweenPasses<T>(_ body: () throws -> T) rethrows -> T {
        try passing.withLock(body)
    }

    /// Ends the loop and waits until its connection is closed.
    func stop() {
        running.withLockedValue { $0 = false }
        stopped.lock(whenValue: true)
        stopped.unlock()
    }
}
