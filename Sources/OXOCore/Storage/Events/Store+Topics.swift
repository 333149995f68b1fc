import Foundation
import OXOProtocol

/// What a socket or a stream reads of a topic: its last number, what it read with that
/// number, and the events a client missed.
extension Store {
    /// The topic's last number: on SQLite the history's, once no commit is numbering the
    /// topic; on PostgreSQL the database's, which every process shares.
    package func topicSeq(of topic: Topic) async throws -> Int {
        guard case .sqlite = context.configuration.storage else { return try await EventStore.storedSeq(of: topic, on: sql) }
        while true {
            if let seq = context.history.settledSeq(of: topic) { return seq }
            // A commit is between its numbers and its end: a matter of a millisecond.
            try await Task.sleep(for: .microseconds(200))
        }
    }

    /// What `read` reads, with the topic's number it shows: the number is read before and
    /// after, and the read made again until they agree, so that nothing a later event
    /// tells is in it already. A topic that changes at every try (a busy lobby) is given
    /// the number read first after a few: its client then may be told a change twice.
    package func read<T: Sendable>(_ topic: Topic, with read: () async throws -> T) async throws -> (value: T, seq: Int) {
        var tries = 0
        while true {
            let before = try await topicSeq(of: topic)
            let value = try await read()
            tries += 1
            if try await topicSeq(of: topic) == before || tries == 4 { return (value, before) }
        }
    }

    /// The events after `seq` up to and including `last`, in order, from this process's
    /// history; nil when some of them are not kept there.
    package func missedEvents(on topic: Topic, after seq: Int, through last: Int) -> [StoredEvent]? {
        context.history.events(on: topic, after: seq, through: last)
    }
}
