import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO
import Vapor

/// The connections SQLite's reads run on, beside the writer's: a few threads of their own,
/// each read run whole on one of them and its rows handed back once, on a connection whose
/// statements are prepared on first use and kept. Through Fluent's pool each read waited
/// for a pooled connection, was prepared anew, and handed each row to an event loop: in a
/// storm of reconnecting sockets the waiting alone took a tenth of the server's CPU.
package final class SQLiteReaders: Sendable {
    private let threads: NIOThreadPool
    /// Connections no thread is using: one is opened when a thread finds none, so there
    /// are never more than threads.
    private let idle = NIOLockedValueBox<[SQLiteDirectConnection]>([])
    private let path: String
    /// How long a read may wait for a thread before it is refused as the pool's would be.
    private let wait: Duration

    package init(path: String, threads count: Int, wait: Duration) {
        self.path = path
        self.wait = wait
        threads = NIOThreadPool(numberOfThreads: count)
        threads.start()
    }

    /// Runs `sql` with `binds` on a reader and returns its rows.
    func read(_ sql: String, _ binds: [SQLiteData]) async throws -> [SQLiteDirectRow] {
        let queued = ContinuousClock.now
        let wait = self.wait
        return try await threads.runIfActive {
            guard ContinuousClock.now - queued < wait else { throw ConnectionPoolTimeoutError.connectionRequestTimeout }
            do {
                let connection = try self.idle.withLockedValue { $0.popLast() }
                    ?? SQLiteDirectConnection(path: self.path, durability: .normal, checkpoints: false, readsOnly: true)
                defer { self.idle.withLockedValue { $0.append(connection) } }
                var rows: [SQLiteDirectRow] = []
                try connection.execute(sql, binds) { rows.append($0) }
                return rows
            } catch {
                throw SQLiteDirectError.explained(error)
            }
        }
    }

    /// Stops the threads and closes the connections, once nothing reads any more.
    package func shutdown() async {
        try? await threads.shutdownGracefully()
        let connections = idle.withLockedValue { idle in
            defer { idle = [] }
            return idle
        }
        for connection in connections { connection.close() }
    }
}

/// The readers as SQLKit's `SQLDatabase`: what `Store.sql` reads through on SQLite.
struct SQLiteReaderDatabase: SQLiteDirectDatabase {
    let readers: SQLiteReaders
    let logger: Logger
    let eventLoop: any EventLoop

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        let (sql, binds) = try sqliteStatement(query)
        for row in try await readers.read(sql, binds) { onRow(row) }
    }
}
