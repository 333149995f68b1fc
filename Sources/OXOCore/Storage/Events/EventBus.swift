import Foundation
import NIOConcurrencyHelpers
import OXOProtocol

/// Carries committed events to the sockets of this process that follow their topics.
/// With SQLite there is one process and this is the whole story; a socket that misses an
/// event fetches it from the `history` of recent events.
package final class EventBus: Sendable {
    package let history: TopicHistory

    package init(history: TopicHistory) {
        self.history = history
    }

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

    /// The topics that something in this process follows now.
    package var followedTopics: [Topic] {
        subscribers.withLockedValue { Array($0.keys) }
    }

    /// Events handed to `publishInOrder` and not published yet, and whether a task is at them.
    private let inOrder = NIOLockedValueBox<(waiting: [[StoredEvent]], draining: Bool)>(([], false))

    /// Publishes `events` after every batch handed over before them, on a task of its own:
    /// SQLite's writer hands each group's events here as it commits, so two messages of
    /// one room reach the sockets in their order, and the writer goes on to the next group
    /// instead of waiting for a thousand sockets. Call only after the commit.
    func publishInOrder(_ events: [StoredEvent]) {
        guard !events.isEmpty else { return }
        let start = inOrder.withLockedValue { queue in
            queue.waiting.append(events)
            defer { queue.draining = true }
            return !queue.draining
        }
        if start { Task { self.drainInOrder() } }
    }

    private func drainInOrder() {
        while let batches = inOrder.withLockedValue({ queue -> [[StoredEvent]]? in
            guard !queue.waiting.isEmpty else {
                queue.draining = false
                return nil
            }
            defer { queue.waiting.removeAll() }
            return queue.waiting
        }) {
            for events in batches { publish(events) }
        }
    }

    private let resumedHandlers = NIOLockedValueBox<[@Sendable () -> Void]>([])

    /// `handler` runs each time PostgreSQL's relay listens again after losing its connection
    /// (the primary failed over): events committed while it was away were never heard here,
    /// so what this process's sockets were told may be behind.
    package func onRelayResumed(_ handler: @escaping @Sendable () -> Void) {
        resumedHandlers.withLockedValue { $0.append(handler) }
    }

    func relayResumed() {
        for handler in resumedHandlers.withLockedValue({ $0 }) { handler() }
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
