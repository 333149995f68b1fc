import Foundation
@testable import OXOCore
import OXOProtocol
import Testing

/// What one process tells the others of an event it committed, through PostgreSQL's
/// `pg_notify`, which refuses a text of 8000 bytes or more.
struct EventAnnouncementTests {
    let storedAt = Date(timeIntervalSince1970: 1_790_000_000.123)

    @Test func anAnnouncementReadsBackAsWritten() throws {
        let sent = EventAnnouncement(topic: .lobby, seq: 42, storedAt: storedAt, payload: #"{"kind":"gameOpened","text":"a\nb"}"#)
        let read = try #require(EventAnnouncement(text: sent.text))
        #expect(read == sent)
    }

    @Test func anEventThatDoesNotFitIsAnnouncedInPartsThatJoinBackWhole() throws {
        let room = Topic.game(GameID(rawValue: UUID()))
        // Two bytes a character (and a four-byte one to cut around): fewer characters than
        // the limit, more bytes.
        let large = String(repeating: "é", count: 9_000) + "🎉" + String(repeating: "x", count: 3)
        let texts = EventAnnouncement.texts(of: StoredEvent(topic: room, seq: 7, payload: large), storedAt: storedAt)
        #expect(texts.count == 3)
        #expect(texts.allSatisfy { $0.utf8.count <= EventAnnouncement.largestText })
        let read = try texts.map { try #require(EventAnnouncement(text: $0)) }
        #expect(read.map(\.part) == [1, 2, 3] && read.allSatisfy { $0.parts == 3 && $0.topic == room && $0.seq == 7 })
        #expect(read.map(\.payload).joined() == large)
    }

    @Test func theLargestEventThatFitsIsCarriedWhole() throws {
        let head = EventAnnouncement(topic: .presence, seq: 1, storedAt: storedAt, payload: "").text
        let fits = String(repeating: "x", count: EventAnnouncement.largestText - head.utf8.count)
        let whole = EventAnnouncement.texts(of: StoredEvent(topic: .presence, seq: 1, payload: fits), storedAt: storedAt)
        #expect(whole.count == 1 && whole[0].utf8.count == EventAnnouncement.largestText)
        #expect(EventAnnouncement(text: whole[0])?.payload == fits)
        #expect(EventAnnouncement.texts(of: StoredEvent(topic: .presence, seq: 1, payload: fits + "x"), storedAt: storedAt).count == 2)
    }

    @Test(arguments: [TopicHistory.Forgetting.topic(.lobby), .events(of: .chat(.players(GameID(rawValue: UUID())))), .eventsNaming(UUID())])
    func whatToForgetReadsBackAsWritten(_ forgetting: TopicHistory.Forgetting) {
        let text = ForgettingAnnouncement.text(forgetting)
        #expect(ForgettingAnnouncement.read(text) == forgetting)
        #expect(EventAnnouncement(text: text) == nil, "no event is read from it")
    }

    @Test(arguments: ["", "lobby 1 5", "lobby\n", "lobby 1\n{}", "lobby one 5\n{}", "nowhere 1 5\n{}", "lobby 1 5 extra\n{}", "lobby 1 5 3/2\n{}"])
    func textThatIsNoAnnouncementIsRefused(_ text: String) {
        #expect(EventAnnouncement(text: text) == nil)
    }
}
