import Foundation
import OXOProtocol

/// What one process tells the others, through `pg_notify`, of an event it stored: the
/// topic, the number, when it was stored, and the event itself when it fits. PostgreSQL
/// refuses a notification of 8000 bytes or more; a larger event is announced without its
/// text, and each listener reads it from the `events` table.
struct EventAnnouncement: Equatable {
    static let largestText = 7_999

    let topic: Topic
    let seq: Int
    let storedAt: Date
    /// The event's JSON; nil when it did not fit and must be read from the table.
    let payload: String?

    init(topic: Topic, seq: Int, storedAt: Date, payload: String?) {
        self.topic = topic
        self.seq = seq
        self.storedAt = storedAt
        self.payload = payload
    }

    init(of event: StoredEvent, storedAt: Date) {
        self.init(topic: event.topic, seq: event.seq, storedAt: storedAt, payload: event.payload)
    }

    /// "topic seq milliseconds", then a line break and the payload when the whole fits.
    var text: String {
        let head = "\(topic) \(seq) \(Int64((storedAt.timeIntervalSince1970 * 1000).rounded()))"
        guard let payload else { return head }
        let whole = head + "\n" + payload
        return whole.utf8.count <= Self.largestText ? whole : head
    }

    /// Reads an announcement's text; nil when it is not one.
    init?(text: String) {
        let (head, payload) = text.firstIndex(of: "\n").map { (text[..<$0], String(text[text.index(after: $0)...])) }
            ?? (text[...], nil)
        let parts = head.split(separator: " ")
        guard parts.count == 3, let topic = Topic(String(parts[0])), let seq = Int(parts[1]),
              let millis = Int64(parts[2]) else { return nil }
        self.init(topic: topic, seq: seq, storedAt: Date(timeIntervalSince1970: Double(millis) / 1000), payload: payload)
    }
}
