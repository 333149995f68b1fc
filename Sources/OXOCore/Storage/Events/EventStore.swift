import Foundation
import OXOProtocol
import SQLKit

/// Numbers the events of a commit and hands them on: nothing of them is stored but their
/// topics' numbers, and on SQLite not even those (`TopicHistory` numbers them in memory).
/// Clients that resume are sent what the history keeps.
package struct EventStore {
    let database: any SQLDatabase
    let history: TopicHistory

    package init(database: any SQLDatabase, history: TopicHistory) {
        self.database = database
        self.history = history
    }

    /// Numbers each event as the next on each of its topics. Runs in the transaction of the
    /// changes they describe, just before its commit; returns each change's events, in the
    /// order it logged them. On SQLite the numbers are reserved in the history, which the
    /// writer settles once the commit succeeded (or abandons). On PostgreSQL one statement
    /// takes the numbers of every topic at once and one announces the events to every
    /// process (`PostgresEventRelay`), however many changes logged them: each statement is
    /// a round trip. Their values go as arrays, so each is one text, prepared once on each
    /// connection.
    func append(_ logs: [[LoggedEvent]], at time: Date) async throws -> [[StoredEvent]] {
        var entries: [(topic: Topic, payload: String)] = []
        for logged in logs.joined() {
            let payload = try WireJSON.string(logged.event)
            entries += logged.topics.map { ($0, payload) }
        }
        guard !entries.isEmpty else { return logs.map { _ in [] } }
        let counts = Dictionary(entries.map { ($0.topic, 1) }, uniquingKeysWith: +)
        var next = database.isSQLite ? history.reserve(counts) : try await reserveSeqs(counts: counts)
        let events = entries.map { entry in
            defer { next[entry.topic, default: 0] += 1 }
            return StoredEvent(topic: entry.topic, seq: next[entry.topic] ?? 0, payload: entry.payload)
        }
        if !database.isSQLite {
            let notices = events.flatMap { EventAnnouncement.texts(of: $0, storedAt: time) }
            try await Self.eventsAnnounced.on(database, PostgresEventRelay.channel, notices).run()
        }
        var rest = events[...]
        return logs.map { logged in
            let count = logged.reduce(0) { $0 + $1.topics.count }
            defer { rest = rest.dropFirst(count) }
            return Array(rest.prefix(count))
        }
    }

    /// Advances each topic's sequence by its count and returns, for each, the first of
    /// the numbers it reserved. The topics are taken in the order of their names: a topic's
    /// row stays locked to its transaction until the commit, and two transactions that took
    /// two topics in opposite orders (a dictionary's order differs from process to process)
    /// would each wait for the other until one is aborted.
    private func reserveSeqs(counts: [Topic: Int]) async throws -> [Topic: Int] {
        let ordered = counts.map { (name: $0.key.description, topic: $0.key, count: $0.value) }.sorted { $0.name < $1.name }
        let topics = Dictionary(uniqueKeysWithValues: ordered.map { ($0.name, $0.topic) })
        let rows = try await Self.seqsReserved.on(database, ordered.map(\.name), ordered.map(\.count)).all()
        var first: [Topic: Int] = [:]
        for row in rows {
            guard let topic = topics[try row.decode(column: "topic", as: String.self)] else { continue }
            first[topic] = try row.decode(column: "seq", as: Int.self) - (counts[topic] ?? 1) + 1
        }
        guard first.count == counts.count else { throw EventStoreError.noSequence(topics.keys.sorted().joined(separator: ", ")) }
        return first
    }

    /// PostgreSQL's statements (the unnested rows keep the arrays' order, so topics are
    /// locked in the order of their names).
    private static let seqsReserved = FixedStatement("""
        INSERT INTO topic_sequences (topic, seq) SELECT * FROM unnest($1::text[], $2::bigint[])
        ON CONFLICT (topic) DO UPDATE SET seq = topic_sequences.seq + excluded.seq RETURNING topic, seq
        """)
    private static let eventsAnnounced = FixedStatement("SELECT pg_notify($1, notice) FROM unnest($2::text[]) AS notice")

    /// The topic's last number on PostgreSQL; 0 before its first event.
    package static func storedSeq(of topic: Topic, on database: any SQLDatabase) async throws -> Int {
        try await currentSeqOfOne.on(database, topic.description).first()?.decode(column: "seq", as: Int?.self) ?? 0
    }

    /// The last numbers of `topics` on PostgreSQL, in one statement; a topic with no event
    /// yet is left out.
    package static func storedSeqs(of topics: [Topic], on database: any SQLDatabase) async throws -> [Topic: Int] {
        let byName = Dictionary(topics.map { ($0.description, $0) }, uniquingKeysWith: { first, _ in first })
        var seqs: [Topic: Int] = [:]
        for row in try await currentSeqsOfMany.on(database, Array(byName.keys)).all() {
            guard let topic = byName[try row.decode(column: "topic", as: String.self)] else { continue }
            seqs[topic] = try row.decode(column: "seq", as: Int.self)
        }
        return seqs
    }

    private static let currentSeqOfOne = FixedStatement("SELECT (SELECT seq FROM topic_sequences WHERE topic = $1) AS seq")
    private static let currentSeqsOfMany = FixedStatement("SELECT topic, seq FROM topic_sequences WHERE topic = ANY($1::text[])")
}

enum EventStoreError: Error {
    case noSequence(String)
}
