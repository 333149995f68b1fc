import Foundation
import NIOConcurrencyHelpers
import Vapor

/// What every domain shares for the lifetime of the application: the configuration, the
/// clock, the few values drawn once at start, and what each domain keeps beside the
/// database (`subscript(_:)`).
package final class ServerContext: Sendable {
    package let configuration: ServerConfiguration
    package let computerSeed: UInt64
    package let passwordHashing: PasswordHashing
    /// This process among those serving one database: its sockets' presence rows carry it.
    package let processID = UUID.random()
    /// The topics' recent events, for clients that resume.
    package let history: TopicHistory
    private let kept = DomainValues()

    package init(configuration: ServerConfiguration, computerSeed: UInt64, passwordHashing: PasswordHashing) {
        self.configuration = configuration
        self.computerSeed = computerSeed
        self.passwordHashing = passwordHashing
        history = TopicHistory(limits: TopicHistory.Limits(eventsPerTopic: configuration.resumeLimit,
                                                           bytes: configuration.eventHistoryBytes))
    }

    package var clock: ServerClock { configuration.clock }

    /// The value a domain keeps under `key` (its throttles, what it remembers between
    /// changes), made from the configuration on first use. Each domain declares its keys in
    /// its own folder, so this level knows none of them.
    package subscript<Key: ContextKey>(_ key: Key.Type) -> Key.Value {
        kept.value(for: key, configuration: configuration)
    }
}

/// A value a domain keeps for the application's lifetime, and how it is made.
package protocol ContextKey {
    associatedtype Value: Sendable
    static func make(_ configuration: ServerConfiguration) -> Value
}

/// The values of `ContextKey`s, one each.
private final class DomainValues: Sendable {
    private let values = NIOLockedValueBox<[ObjectIdentifier: any Sendable]>([:])

    func value<Key: ContextKey>(for key: Key.Type, configuration: ServerConfiguration) -> Key.Value {
        let id = ObjectIdentifier(key)
        if let value = values.withLockedValue({ $0[id] }) { return value as! Key.Value }
        // Made outside the lock, since making one may take a while (a bcrypt hash); of two
        // made at once the first stored is the one everybody gets.
        let made = Key.make(configuration)
        return values.withLockedValue { values in
            if let stored = values[id] { return stored as! Key.Value }
            values[id] = made
            return made
        }
    }
}

extension Application {
    private struct ContextStorageKey: StorageKey {
        typealias Value = ServerContext
    }

    package var oxo: ServerContext {
        get { configured(ContextStorageKey.self) }
        set { storage[ContextStorageKey.self] = newValue }
    }

    /// A value `configure(_:_:)` stores once, before the application serves anything;
    /// reading it earlier is a programming error.
    package func configured<Key: StorageKey>(_ key: Key.Type) -> Key.Value {
        guard let value = storage[Key.self] else { fatalError("configure(_:_:) sets \(Key.Value.self) before any request") }
        return value
    }
}
