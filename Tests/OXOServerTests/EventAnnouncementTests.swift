import Foundation
@testable import OXOCore
import OXOProtocol
import Testing

/// What one process tells the others of an event it stored, through PostgreSQL's
/// `pg_notify`, which refuses a text of 8000 bytes or more.
struct EventAnnouncementTests {
    let storedAt = Date(timeIntervalSince1970: 1_790_000_000.123)

    @Test func anAnnouncementReadsBackAsWritten() throws {
        let sent = EventAnnouncement(topic: .lobby, seq: 42, storedAt: storedAt, payload: #"{"kind":"gameOpened","text":"a\nb"}"#)
        let read = try #require(EventAnnouncement(text: sent.text))
        #expect(read == sent)
    }

    @Test func anEventThatDoesNotFitIsAnnouncedWithoutItsText() throws {
        let room = Topic.game(GameID(rawValue: UUID()))
        // Two bytes a character: fewer characters than the limit, more bytes.
        let large = String(repeating: "é", count: 4_000)
        let sent = EventAnnouncement(topic: room, seq: 7, storedAt: storedAt, payload: large)
        #expect(sent.text.utf8.count < 100)
        let read = try #require(EventAnnouncement(text: sent.text))
        #expect(read.topic == room && read.seq == 7 && read.payload == nil)
    }

    @Test func theLargestEventThatFitsIsCarriedWhole() throws {
        let head = EventAnnouncement(topic: .presence, seq: 1, storedAt: storedAt, payload: nil).text
        let fits = String(repeating: "x", count: EventAnnouncement.largestText - head.utf8.count - 1)
        let sent = EventAnnouncement(topic: .presence, seq: 1, storedAt: storedAt, payload: fits)
        #expect(sent.text.utf8.count == EventAnnouncement.largestText)
        #expect(EventAnnouncement(text: sent.text)?.payload == fits)
        let tooLarge = EventAnnouncement(topic: .presence, seq: 1, storedAt: storedAt, payload: fits + "x")
        #expect(EventAnnouncement(text: tooLarge.text)?.payload == nil)
    }

    @Test(arguments: ["", "lobby", "lobby 1", "lobby one 5", "nowhere 1 5", "lobby 1 5 extra"])
    func textThatIsNoAnnouncementIsRefused(_ text: String) {
        #expect(EventAnnouncement(text: text) == nil)
    }
}
