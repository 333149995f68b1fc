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
    /// Queues SQLite's writers; nil on PostgreSQL, which has row locks.
    let writeGate: WriteGate?

    var clock: ServerClock { configuration.clock }

    /// Runs `body` as one write transaction: every change to the database goes through
    /// here.
    func write<T: Sendable>(
        on database: any Database, _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        let durability = configuration.durability
        guard let writeGate else { return try await database.writeTransaction(durability: durability, body) }
        return try await writeGate.run { try await database.writeTransaction(durability: durability, body) }
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
