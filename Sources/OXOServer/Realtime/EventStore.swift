import Fluent
import Foundation
import OXOProtocol
import SQLKit

/// Appends events to their topics inside the caller's transaction, and reads them back
/// for clients that resume.
struct EventStore {
    let database: any Database

    /// Numbers `event` as the next on `topic` and stores it. Must run in the transaction
    /// of the change it describes, so that the event exists exactly when the change does.
    func append(_ event: TopicEvent, to topic: Topic, at time: Date) async throws -> StoredEvent {
        let sql = database.sql
        let name = topic.description
        guard let row = try await sql.raw("""
            INSERT INTO topic_sequences (topic, seq) VALUES (\(bind: name), 1)
            ON CONFLICT (topic) DO UPDATE SET seq = topic_sequences.seq + 1
            RETURNING seq
            """).first()
        else { throw EventStoreError.noSequence(name) }
        let seq = try row.decode(column: "seq", as: Int.self)
        let payload = String(decoding: try Wire.encoder().encode(event), as: UTF8.self)
        try await sql.insert(into: "events")
            .columns("topic", "seq", "payload", "created_at")
            .values(SQLBind(name), SQLBind(seq), SQLBind(payload), SQLBind(time))
            .run()
        if !database.isSQLite {
            let announcement = PostgresEventRelay.announcement(of: topic, seq: seq)
            try await sql.raw("SELECT pg_notify(\(bind: PostgresEventRelay.channel), \(bind: announcement))").run()
        }
        return StoredEvent(topic: topic, seq: seq, payload: payload)
    }

    /// The topic's last sequence number; 0 before its first event.
    func currentSeq(of topic: Topic) async throws -> Int {
        try await database.sql.select().column("seq").from("topic_sequences")
            .where("topic", .equal, topic.description)
            .first()?.decode(column: "seq", as: Int.self) ?? 0
    }

    /// The events after `seq` up to and including `through`, in order; nil when some of
    /// them are no longer kept.
    func events(on topic: Topic, after seq: Int, through last: Int) async throws -> [StoredEvent]? {
        guard last > seq else { return [] }
        let rows = try await database.sql.select().columns("seq", "payload").from("events")
            .where("topic", .equal, topic.description)
            .where("seq", .greaterThan, seq)
            .where("seq", .lessThanOrEqual, last)
            .orderBy("seq")
            .all()
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
