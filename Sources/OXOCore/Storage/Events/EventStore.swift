import Fluent
import Foundation
import OXOProtocol
import SQLKit

/// Appends events to their topics inside the caller's transaction, and reads them back
/// for clients that resume.
package struct EventStore {
    let database: any SQLDatabase

    package init(database: any SQLDatabase) {
        self.database = database
    }

    /// Numbers each event as the next on each of its topics and stores them all. Must run
    /// in the transaction of the changes they describe, so that they exist exactly when
    /// those do. Returns each change's events as stored, in the order it logged them.
    ///
    /// On PostgreSQL one statement takes the numbers for every topic at once, one inserts
    /// the events and one announces them, however many changes logged them: each
    /// statement is a round trip. Their values go as arrays, so each is one text, prepared
    /// once on each connection. On SQLite, where a statement is a function call, each
    /// topic and each event has a statement of its own, the same text every time: a
    /// statement of one row per event was a new text for every size of group, each
    /// prepared anew, and they crowded the writer's kept statements out.
    func append(_ logs: [[LoggedEvent]], at time: Date) async throws -> [[StoredEvent]] {
        var entries: [(topic: Topic, payload: String)] = []
        for logged in logs.joined() {
            let payload = try WireJSON.string(logged.event)
            entries += logged.topics.map { ($0, payload) }
        }
        guard !entries.isEmpty else { return logs.map { _ in [] } }
        var next = try await reserveSeqs(counts: Dictionary(entries.map { ($0.topic.description, 1) }, uniquingKeysWith: +))
        let events = entries.map { entry in
            let name = entry.topic.description
            defer { next[name, default: 0] += 1 }
            return StoredEvent(topic: entry.topic, seq: next[name] ?? 0, payload: entry.payload)
        }
        try await insert(events, at: time)
        if !database.isSQLite {
            let notices = events.map { EventAnnouncement(of: $0, storedAt: time).text }
            try await Self.eventsAnnounced.on(database, PostgresEventRelay.channel, notices).run()
        }
        var rest = events[...]
        return logs.map { logged in
            let count = logged.reduce(0) { $0 + $1.topics.count }
            defer { rest = rest.dropFirst(count) }
            return Array(rest.prefix(count))
        }
    }

    private func insert(_ events: [StoredEvent], at time: Date) async throws {
        guard !database.isSQLite else {
            for event in events {
                try await Self.eventInserted.on(database, event.topic.description, event.seq, event.payload, time).run()
            }
            return
        }
        try await Self.eventsInserted.on(database, events.map(\.topic.description), events.map(\.seq), events.map(\.payload), time).run()
    }

    /// Advances each topic's sequence by its count and returns, for each, the first of
    /// the numbers it reserved. The topics are taken in the order of their names: a topic's
    /// row stays locked to its transaction until the commit, and on PostgreSQL two
    /// transactions that took two topics in opposite orders (a dictionary's order differs
    /// from process to process) would each wait for the other until one is aborted.
    private func reserveSeqs(counts: [String: Int]) async throws -> [String: Int] {
        let ordered = counts.sorted { $0.key < $1.key }
        var rows: [any SQLRow] = []
        if database.isSQLite {
            for (topic, count) in ordered { rows += try await Self.seqReserved.on(database, topic, count).all() }
        } else {
            rows = try await Self.seqsReserved.on(database, ordered.map(\.key), ordered.map(\.value)).all()
        }
        var first: [String: Int] = [:]
        for row in rows {
            let topic = try row.decode(column: "topic", as: String.self)
            first[topic] = try row.decode(column: "seq", as: Int.self) - (counts[topic] ?? 1) + 1
        }
        guard first.count == counts.count else { throw EventStoreError.noSequence(counts.keys.sorted().joined(separator: ", ")) }
        return first
    }

    /// The statements that store events: one row a statement on SQLite (the reason is at
    /// `append`); on PostgreSQL all of a group's rows in one, from arrays (the unnested
    /// rows keep the arrays' order, so topics are still locked in the order of their names).
    private static let eventInserted = FixedStatement("INSERT INTO events (topic, seq, payload, created_at) VALUES ($1, $2, $3, $4)")
    private static let seqReserved = FixedStatement("INSERT INTO topic_sequences (topic, seq) VALUES ($1, $2)" + seqsAdvanced)
    private static let eventsInserted = FixedStatement("""
        INSERT INTO events (topic, seq, payload, created_at)
        SELECT topic, seq, payload, $4 FROM unnest($1::text[], $2::bigint[], $3::text[]) AS e(topic, seq, payload)
        """)
    private static let seqsReserved = FixedStatement(
        "INSERT INTO topic_sequences (topic, seq) SELECT * FROM unnest($1::text[], $2::bigint[])" + seqsAdvanced)
    private static let eventsAnnounced = FixedStatement("SELECT pg_notify($1, notice) FROM unnest($2::text[]) AS notice")
    private static let seqsAdvanced = " ON CONFLICT (topic) DO UPDATE SET seq = topic_sequences.seq + excluded.seq RETURNING topic, seq"

    /// The topic's last sequence number; 0 before its first event.
    package func currentSeq(of topic: Topic) async throws -> Int {
        try await Self.currentSeqOfOne.on(database, topic.description).first()?.decode(column: "seq", as: Int?.self) ?? 0
    }

    private static let currentSeqOfOne = FixedStatement("SELECT \(currentSeqSubquery(boundAt: "$1")) AS seq")

    /// The last sequence number of the topic bound at `placeholder`, as a subquery (NULL
    /// before its first event), for a statement written once that reads it beside other
    /// columns.
    package static func currentSeqSubquery(boundAt placeholder: String) -> String {
        "(SELECT seq FROM topic_sequences WHERE topic = \(placeholder))"
    }

    /// Written once: a socket that resumes its topics after a reconnect asks it for each.
    private static let eventsBetween = FixedStatement(
        "SELECT seq, payload FROM events WHERE topic = $1 AND seq > $2 AND seq <= $3 ORDER BY seq")

    /// The events after `seq` up to and including `through`, in order; nil when some of
    /// them are no longer kept.
    package func events(on topic: Topic, after seq: Int, through last: Int) async throws -> [StoredEvent]? {
        guard last > seq else { return [] }
        let rows = try await Self.eventsBetween.on(database, topic.description, seq, last).all()
        let events = try rows.map {
            StoredEvent(topic: topic, seq: try $0.decode(column: "seq", as: Int.self),
                        payload: try $0.decode(column: "payload", as: String.self))
        }
        return events.count == last - seq ? events : nil
    }
}

enum EventStoreError: Error {
    case noSequence(String)
}
