import Foundation
import OXOProtocol

/// What one process tells the others, through `pg_notify`, of an event it committed: the
/// topic, the number, when it was stored, and the event's text, or one part of it.
/// PostgreSQL refuses a notification of 8000 bytes or more, and nothing else keeps the
/// event, so a larger one goes in parts, which PostgreSQL delivers together and in order
/// (a transaction's notifications reach each listener at its commit, one after another).
struct EventAnnouncement: Equatable {
    static let largestText = 7_999

    let topic: Topic
    let seq: Int
    let storedAt: Date
    /// The event's JSON, or the part of it this announcement carries.
    let payload: String
    /// Which part this is (from 1), of how many; 1 of 1 for an event carried whole.
    let part: Int
    let parts: Int

    init(topic: Topic, seq: Int, storedAt: Date, payload: String, part: Int = 1, parts: Int = 1) {
        self.topic = topic
        self.seq = seq
        self.storedAt = storedAt
        self.payload = payload
        self.part = part
        self.parts = parts
    }

    /// The texts that announce `event`: one when it fits, otherwise one a part.
    static func texts(of event: StoredEvent, storedAt: Date) -> [String] {
        let whole = EventAnnouncement(topic: event.topic, seq: event.seq, storedAt: storedAt, payload: event.payload)
        if whole.text.utf8.count <= largestText { return [whole.text] }
        // Room for the longest head a part may have ("… 999/999") and its line break.
        let room = largestText - whole.head.utf8.count - 10
        let pieces = split(event.payload, bytes: room)
        return pieces.enumerated().map { index, piece in
            EventAnnouncement(topic: event.topic, seq: event.seq, storedAt: storedAt, payload: piece, part: index + 1,
                              parts: pieces.count).text
        }
    }

    private var head: String {
        let base = "\(topic) \(seq) \(Int64((storedAt.timeIntervalSince1970 * 1000).rounded()))"
        return parts == 1 ? base : base + " \(part)/\(parts)"
    }

    /// "topic seq milliseconds", " part/parts" for a part, then a line break and the text.
    var text: String { head + "\n" + payload }

    /// Reads an announcement's text; nil when it is not one.
    init?(text: String) {
        guard let newline = text.firstIndex(of: "\n") else { return nil }
        let parts = text[..<newline].split(separator: " ")
        guard parts.count == 3 || parts.count == 4, let topic = Topic(String(parts[0])), let seq = Int(parts[1]),
              let millis = Int64(parts[2]) else { return nil }
        var (part, count) = (1, 1)
        if parts.count == 4 {
            let numbers = parts[3].split(separator: "/").compactMap { Int($0) }
            guard numbers.count == 2, numbers[0] >= 1, numbers[0] <= numbers[1] else { return nil }
            (part, count) = (numbers[0], numbers[1])
        }
        self.init(topic: topic, seq: seq, storedAt: Date(timeIntervalSince1970: Double(millis) / 1000),
                  payload: String(text[text.index(after: newline)...]), part: part, parts: count)
    }

    /// `text` in pieces of at most `bytes` bytes each, cut between characters' scalars.
    private static func split(_ text: String, bytes: Int) -> [String] {
        var pieces: [String] = []
        var piece = String.UnicodeScalarView()
        var size = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if size + length > bytes {
                pieces.append(String(piece))
                piece = String.UnicodeScalarView()
                size = 0
            }
            piece.append(scalar)
            size += length
        }
        pieces.append(String(piece))
        return pieces
    }
}

/// What a process tells the others to forget of the topics' histories, in the
/// transaction that made it so (a message deleted, an account deleted, a game expired).
enum ForgettingAnnouncement {
    static let prefix = "forget "

    static func text(_ forgetting: TopicHistory.Forgetting) -> String {
        switch forgetting {
        case .topic(let topic): prefix + "topic \(topic)"
        case .events(let topic): prefix + "events \(topic)"
        case .eventsNaming(let user): prefix + "naming \(user.lowercasedText)"
        }
    }

    /// nil when `text` is no such announcement.
    static func read(_ text: String) -> TopicHistory.Forgetting? {
        guard text.hasPrefix(prefix) else { return nil }
        let words = text.dropFirst(prefix.count).split(separator: " ")
        guard words.count == 2 else { return nil }
        switch words[0] {
        case "topic": return Topic(String(words[1])).map { .topic($0) }
        case "events": return Topic(String(words[1])).map { .events(of: $0) }
        case "naming": return UUID(uuidString: String(words[1])).map { .eventsNaming($0) }
        default: return nil
        }
    }
}
