import Fluent
import Foundation
import NIOConcurrencyHelpers
import OXOProtocol

/// The events one change logs during its write transaction. They are stored just before
/// the commit, together with those of every other change in the same transaction (two
/// statements for all of them), and published once it committed.
final class EventLog: Sendable {
    private let state = NIOLockedValueBox<(logged: [(event: TopicEvent, topics: [Topic])], stored: [StoredEvent])>(([], []))

    /// Logs `event` on each of `topics`.
    func log(_ event: TopicEvent, to topics: [Topic]) {
        state.withLockedValue { $0.logged.append((event, topics)) }
    }

    /// What `store` numbered and stored for this change, in the order it was logged.
    var stored: [StoredEvent] { state.withLockedValue { $0.stored } }

    /// Stores what each of `logs` logged, in the transaction of `database`.
    fileprivate static func store(_ logs: [EventLog], on database: any Database, at time: Date) async throws {
        let logged = logs.map { $0.state.withLockedValue { $0.logged } }
        var stored = try await EventStore(database: database).append(logged.flatMap { $0 }, at: time)[...]
        for (log, entries) in zip(logs, logged) {
            let count = entries.reduce(0) { $0 + $1.topics.count }
            let mine = Array(stored.prefix(count))
            stored = stored.dropFirst(count)
            log.state.withLockedValue { $0.stored = mine }
        }
    }
}

extension Database {
    /// Runs `body` in one write transaction and, just before the commit, stores the
    /// events of the logs it returns: one change's, or a whole group's.
    func writeTransaction<T: Sendable>(
        durability: ServerConfiguration.Durability, storingEventsAt clock: ServerClock,
        _ body: @escaping @Sendable (any Database) async throws -> (result: T, logs: [EventLog])
    ) async throws -> T {
        try await writeTransaction(durability: durability) { db in
            let (result, logs) = try await body(db)
            try await EventLog.store(logs, on: db, at: clock.now)
            return result
        }
    }
}
