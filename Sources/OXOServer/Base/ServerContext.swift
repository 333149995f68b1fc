import Foundation
import Vapor

/// What every domain shares for the lifetime of the application: the configuration,
/// the clock, and the few values drawn once at start.
struct ServerContext: Sendable {
    let configuration: ServerConfiguration
    let computerSeed: UInt64
    let signInThrottle: RateLimiter
    let signInAddressThrottle: RateLimiter
    let registrationThrottle: RateLimiter
    let gameCodeLookupThrottle: RateLimiter
    /// Photo uploads per user.
    let uploadThrottle: RateLimiter
    /// Photo bodies being read, per user and in all.
    let uploadsInFlight: BodiesInFlight
    /// Chat messages per user, across rooms.
    let chatThrottle: RateLimiter
    /// Wrong admin tokens per client address.
    let adminGuessThrottle: RateLimiter
    /// Sockets opened per user.
    let socketOpenThrottle: RateLimiter
    let passwordHashing: PasswordHashing
    /// A bcrypt hash of no one's password, checked when a login names no account.
    let standInPasswordHash: String
    /// This process among those serving one database: its sockets' presence rows carry it.
    let processID = UUID()
    /// The moves of the games this process's changes played last.
    let liveGameMoves = LiveGameMoves()

    var clock: ServerClock { configuration.clock }
}

extension Application {
    private struct ContextKey: StorageKey {
        typealias Value = ServerContext
    }

    var oxo: ServerContext {
        get { configured(ContextKey.self) }
        set { storage[ContextKey.self] = newValue }
    }

    /// A value `configure(_:_:)` stores once, before the application serves anything;
    /// reading it earlier is a programming error.
    func configured<Key: StorageKey>(_ key: Key.Type) -> Key.Value {
        guard let value = storage[Key.self] else { fatalError("configure(_:_:) sets \(Key.Value.self) before any request") }
        return value
    }
}
