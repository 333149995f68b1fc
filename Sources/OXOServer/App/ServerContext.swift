import Fluent
import Vapor

/// What every domain shares for the lifetime of the application: the configuration,
/// the clock and the event bus.
struct ServerContext: Sendable {
    let configuration: ServerConfiguration
    let bus: EventBus
    let computerSeed: UInt64
    let signInThrottle: RateLimiter
    let registrationThrottle: RateLimiter
    /// A bcrypt hash of no one's password, checked when a login names no account.
    let standInPasswordHash: String

    let sockets: SocketRegistry
    /// This process among those serving one database: its sockets' presence rows carry it.
    let processID = UUID()
    /// Queues SQLite's writers and commits them in groups; nil on PostgreSQL, which has
    /// row locks and takes writers side by side.
    let writeQueue: WriteQueue?

    var clock: ServerClock { configuration.clock }

    /// Runs `body` as one write transaction: every change to the database goes through
    /// here.
    func write<T: Sendable>(
        on database: any Database, _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        try await writeLogging(on: database) { db, _ in try await body(db) }.result
    }

    /// Runs `body` as one write transaction that also stores the events it logs, and
    /// returns them stored, to be published now that they are committed.
    func writeLogging<T: Sendable>(
        on database: any Database, _ body: @escaping @Sendable (any Database, EventLog) async throws -> T
    ) async throws -> (result: T, events: [StoredEvent]) {
        if let writeQueue { return try await writeQueue.run(on: database, body) }
        let (result, log) = try await database.writeTransaction(durability: configuration.durability,
                                                                storingEventsAt: clock) { db in
            let log = EventLog()
            return (result: (try await body(db, log), log), logs: [log])
        }
        return (result, log.stored)
    }
}

extension Application {
    private struct ContextKey: StorageKey {
        typealias Value = ServerContext
    }

    var oxo: ServerContext {
        get {
            guard let context = storage[ContextKey.self] else {
                fatalError("configure(_:_:) sets the server context before any request")
            }
            return context
        }
        set { storage[ContextKey.self] = newValue }
    }
}
