import Foundation
import NIOConcurrencyHelpers
import OXOProtocol

/// The last events of each topic, with their numbers, kept in this process's memory: what
/// a client that resumes is sent. Nothing else keeps them, so a move's commit writes the
/// move and its game and nothing more; a client that resumes from older than these, or
/// from before the process started, is sent a snapshot, as one too far behind always was.
///
/// On SQLite, where one writer makes every event, the history also numbers them
/// (`reserve`, then `settle` or `abandon`). A topic it has no number for starts at a
/// fresh base: the wall clock's milliseconds times 1,000, so a restarted process numbers
/// past every number the last one gave (unless a topic had more than a thousand events a
/// millisecond), and a client holding an older number gets a snapshot. On PostgreSQL the
/// numbers come from the database and the history is fed by the relay, in the order the
/// events committed everywhere.
package final class TopicHistory: Sendable {
    package struct Limits: Sendable {
        /// Events kept a topic: as many as a client may miss and still be sent events.
        package var eventsPerTopic: Int
        /// The events' bytes kept in all; past it, the topics heard of least recently go.
        package var bytes: Int
        /// Topics with a number kept; past it, the same.
        package var topics: Int

        package init(eventsPerTopic: Int, bytes: Int, topics: Int = 100_000) {
            self.eventsPerTopic = eventsPerTopic
            self.bytes = bytes
            self.topics = topics
        }
    }

    /// What is forgotten: a topic nobody will follow again, a topic's events (its number
    /// stays), or every event that names a user.
    package enum Forgetting: Sendable, Equatable {
        case topic(Topic)
        case events(of: Topic)
        case eventsNaming(UUID)
    }

    private let limits: Limits
    private let state = NIOLockedValueBox(State())

    package init(limits: Limits) {
        self.limits = limits
    }

    /// Keeps `events`, each the next of its topic or a duplicate (dropped). One past a gap
    /// starts its topic's history over: the events between were never heard here.
    package func record(_ events: [StoredEvent]) {
        guard !events.isEmpty else { return }
        state.withLockedValue { $0.keep(events, within: limits) }
    }

    /// The events after `seq` up to and including `last`, in order; nil when some of them
    /// are not kept.
    package func events(on topic: Topic, after seq: Int, through last: Int) -> [StoredEvent]? {
        guard last > seq else { return [] }
        return state.withLockedValue { state -> [StoredEvent]? in
            guard let kept = state.topics[topic], kept.last >= last, let first = kept.events.first?.seq, seq + 1 >= first
            else { return nil }
            state.touch(topic)
            let start = seq + 1 - first
            return Array(kept.events[start..<(start + last - seq)])
        }
    }

    /// The topic's last number, when no commit is numbering it; nil while one is. A topic
    /// not heard of yet is given a fresh base (SQLite's numbering only).
    package func settledSeq(of topic: Topic) -> Int? {
        state.withLockedValue { state in
            guard state.reserved[topic] == nil else { return nil }
            if let last = state.topics[topic]?.last {
                state.touch(topic)
                return last
            }
            let base = state.freshBase()
            state.topics[topic] = Kept(last: base, touched: 0)
            state.touch(topic)
            state.evictIfOver(limits)
            return base
        }
    }

    /// The first of `count` new numbers of each topic, reserved for the commit being made
    /// (SQLite's writer, one group at a time), which `settle` or `abandon` ends.
    package func reserve(_ counts: [Topic: Int]) -> [Topic: Int] {
        state.withLockedValue { state in
            var first: [Topic: Int] = [:]
            for (topic, count) in counts {
                let last = state.reserved[topic] ?? state.topics[topic]?.last ?? state.freshBase()
                state.reserved[topic] = last + count
                first[topic] = last + 1
            }
            return first
        }
    }

    /// The reserving commit succeeded: its events are kept and their numbers are the topics' last.
    package func settle(_ events: [StoredEvent]) {
        state.withLockedValue { state in
            state.reserved.removeAll(keepingCapacity: true)
            state.keep(events, within: limits)
        }
    }

    /// The reserving commit failed: its numbers were never given.
    package func abandon() {
        state.withLockedValue { $0.reserved.removeAll(keepingCapacity: true) }
    }

    package func forget(_ forgetting: Forgetting) {
        state.withLockedValue { state in
            switch forgetting {
            case .topic(let topic):
                state.drop(topic)
            case .events(let topic):
                state.dropEvents(of: topic)
            case .eventsNaming(let user):
                let text = user.lowercasedText
                for (topic, kept) in state.topics where kept.events.contains(where: { $0.payload.contains(text) }) {
                    state.dropEvents(of: topic)
                }
            }
        }
    }

    /// Events and topics kept now, for tests.
    package var counts: (topics: Int, events: Int, bytes: Int) {
        state.withLockedValue { state in
            (state.topics.count, state.topics.values.reduce(0) { $0 + $1.events.count }, state.bytes)
        }
    }
}

extension TopicHistory {
    fileprivate struct Kept {
        var events: [StoredEvent] = []
        var last: Int
        var bytes = 0
        var touched: UInt64
    }

    fileprivate struct State {
        var topics: [Topic: Kept] = [:]
        var bytes = 0
        var reserved: [Topic: Int] = [:]
        private var clock: UInt64 = 0
        /// Above every number a topic forgotten here had, so that its next base is above them too.
        private var floor = 0

        /// Marks `topic` heard of now, for the eviction's order.
        mutating func touch(_ topic: Topic) {
            let now = tick()
            topics[topic]?.touched = now
        }

        private mutating func tick() -> UInt64 {
            clock += 1
            return clock
        }

        mutating func freshBase() -> Int {
            floor = max(Int(Date().timeIntervalSince1970 * 1000) * 1000, floor + 1)
            return floor
        }

        mutating func keep(_ events: [StoredEvent], within limits: Limits) {
            for event in events { record(event, keeping: limits.eventsPerTopic) }
            evictIfOver(limits)
        }

        private mutating func record(_ event: StoredEvent, keeping limit: Int) {
            // Taken out while it changes, so that its events are not copied on the append.
            var kept = topics.removeValue(forKey: event.topic) ?? Kept(last: event.seq - 1, touched: 0)
            defer { topics[event.topic] = kept }
            guard event.seq > kept.last else { return }
            if event.seq > kept.last + 1 {
                bytes -= kept.bytes
                kept.events.removeAll()
                kept.bytes = 0
            }
            kept.events.append(event)
            kept.last = event.seq
            kept.bytes += Self.size(of: event)
            bytes += Self.size(of: event)
            if kept.events.count > limit {
                let dropped = kept.events.count - limit
                let freed = kept.events.prefix(dropped).reduce(0) { $0 + Self.size(of: $1) }
                kept.events.removeFirst(dropped)
                kept.bytes -= freed
                bytes -= freed
            }
            kept.touched = tick()
        }

        mutating func drop(_ topic: Topic) {
            guard let kept = topics.removeValue(forKey: topic) else { return }
            bytes -= kept.bytes
            floor = max(floor, kept.last)
        }

        mutating func dropEvents(of topic: Topic) {
            guard var kept = topics[topic] else { return }
            bytes -= kept.bytes
            kept.events.removeAll()
            kept.bytes = 0
            topics[topic] = kept
        }

        /// Past a limit, drops the topics heard of least recently until a tenth is free, so
        /// that the sort is paid once in many records.
        mutating func evictIfOver(_ limits: Limits) {
            guard bytes > limits.bytes || topics.count > limits.topics else { return }
            let (bytesTarget, topicsTarget) = (limits.bytes / 10 * 9, limits.topics / 10 * 9)
            for (topic, _) in topics.sorted(by: { $0.value.touched < $1.value.touched }) {
                guard bytes > bytesTarget || topics.count > topicsTarget else { break }
                if reserved[topic] == nil { drop(topic) }
            }
        }

        /// The text twice (the event's and its socket message's) and what holds them.
        static func size(of event: StoredEvent) -> Int {
            event.payload.utf8.count + event.message.readableBytes + 64
        }
    }
}
