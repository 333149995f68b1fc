import Foundation
import NIOConcurrencyHelpers
import OXOProtocol

/// Carries committed events to the sockets of this process that follow their topics.
/// With SQLite there is one process and this is the whole story; events are numbered and
/// stored in the database, so a socket that misses one fetches it from there.
package final class EventBus: Sendable {
    package init() {}

    package typealias Handler = @Sendable (StoredEvent) -> Void

    private let subscribers = NIOLockedValueBox<[Topic: [UUID: Handler]]>([:])

    package func subscribe(_ topic: Topic, subscriber: UUID, handler: @escaping Handler) {
        subscribers.withLockedValue { $0[topic, default: [:]][subscriber] = handler }
    }

    package func unsubscribe(_ topic: Topic, subscriber: UUID) {
        subscribers.withLockedValue {
            $0[topic]?[subscriber] = nil
            if $0[topic]?.isEmpty == true { $0[topic] = nil }
        }
    }

    /// Call only after the transaction that stored the events has committed.
    func publish(_ events: [StoredEvent]) {
        ServerMetrics.published(events: events.count)
        for event in events {
            let handlers = subscribers.withLockedValue { $0[event.topic].map { Array($0.values) } ?? [] }
            for handler in handlers { handler(event) }
        }
    }
}
