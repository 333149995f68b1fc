import Fluent
import FluentPostgresDriver
import SQLKit
import Vapor

/// The database, and the one way to change it: `change`. Reads go through `reads` (or
/// `sql`); every write is a `Change`.
package struct Store: Sendable {
    package let database: any Database
    package let context: ServerContext
    let writer: ChangeWriter
    package let bus: EventBus
    /// SQLite's readers; nil on PostgreSQL, whose reads go through its pool.
    let readers: SQLiteReaders?

    package init(database: any Database, context: ServerContext, writer: ChangeWriter, bus: EventBus, readers: SQLiteReaders?) {
        self.database = database
        self.context = context
        self.writer = writer
        self.bus = bus
        self.readers = readers
    }

    package var clock: ServerClock { context.clock }

    /// The same store, reading through `database`: another handle to the same database,
    /// with its own logger and event loop.
    package func reading(through database: any Database) -> Store {
        Store(database: database, context: context, writer: writer, bus: bus, readers: readers)
    }

    /// The database for reads through SQLKit: SQLite's readers, or PostgreSQL's pool, each
    /// read under the deadline of `databaseWait`.
    package var sql: any SQLDatabase {
        if let readers { return SQLiteReaderDatabase(readers: readers, logger: database.logger, eventLoop: database.eventLoop) }
        guard database is any PostgresDatabase else { return database.sql }
        return PostgresReadDeadline(database: database, limit: context.configuration.databaseWait)
    }

    /// Waits until no change is in flight, or until `deadline`; true when none is left.
    package func writesDrained(by deadline: ContinuousClock.Instant) async -> Bool {
        await writer.drained(by: deadline)
    }

    /// Runs `body` as one change, committed by the writer with the events it logged (and
    /// published by it), and returns its result once that commit is durable.
    package func change<T: Sendable>(_ body: @escaping @Sendable (Change) async throws -> T) async throws -> T {
        try await writer.commit(body, on: database)
    }

    /// Runs `body` as `change` does and calls `answer` with its result once the commit is
    /// durable, or with its error, without a task waiting for it on SQLite: the answer
    /// comes from the writer's thread. `read` names the row `body` will read, so that
    /// PostgreSQL reads it with the rest of its group's (`RowRead`).
    package func change<T: Sendable>(reading read: RowRead? = nil, _ body: @escaping @Sendable (Change) async throws -> T,
                                     answer: @escaping @Sendable (Result<T, any Error>) -> Void) {
        writer.commit(body, reading: read, on: database, answer: answer)
    }
}

extension Application {
    private struct StoreKey: StorageKey {
        typealias Value = Store
    }

    private struct LoopStoresKey: StorageKey {
        typealias Value = EventLoopTable<Store>
    }

    /// Set once by `configure`, before any request.
    package var store: Store {
        get { configured(StoreKey.self) }
        set {
            storage[StoreKey.self] = newValue
            let (databases, logger) = (self.databases, self.logger)
            storage[LoopStoresKey.self] = EventLoopTable { loop in
                newValue.reading(through: databases.database(logger: logger, on: loop) ?? newValue.database)
            }
        }
    }

    /// The store reading on `eventLoop` with the application's logger, one for each loop,
    /// for what outlives its request, such as a socket's session, and for the token check
    /// every signed-in request makes first. `Request.store` holds the request's database
    /// handle, and with it the request's logger and its metadata: kept by every socket, a
    /// handle of its own cost each about 400 bytes, and Fluent makes it anew each time.
    package func store(on eventLoop: any EventLoop) -> Store {
        configured(LoopStoresKey.self)[eventLoop]
    }
}

extension Request {
    /// The store, reading through this request's database handle (its logger and event loop).
    package var store: Store {
        application.store.reading(through: db)
    }
}
