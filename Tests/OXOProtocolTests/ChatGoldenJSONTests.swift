import Foundation
import OXOProtocol
import Testing

/// The exact JSON of chat's events, snapshot and topics.
@Suite("Golden JSON of chat")
struct ChatGoldenJSONTests {
    static let conversation = ConversationID("22222222-3333-4444-5555-666666666666")!
    static let message = ChatMessage(
        id: ChatMessageID("44444444-5555-6666-7777-888888888888")!, room: .conversation(conversation), seq: 3,
        sender: GoldenJSONTests.alice, text: "<b>hi</b>", photo: ChatPhoto(url: "/v1/media/ab", width: 30, height: 20),
        sentAt: GoldenJSONTests.date, deleted: false)

    @Test func chatEventsAndTheRoomsSnapshot() throws {
        let golden = GoldenJSONTests()
        let sender = #""sender":{"avatar":"/v1/avatars/stock.svg?name=Alice&seed=alice","display_name":"Alice","id":"11111111-2222-3333-4444-555555555555","username":"alice"}"#
        let message = #"{"deleted":false,"id":"44444444-5555-6666-7777-888888888888","photo":{"height":20,"url":"/v1/media/ab","width":30},"room":"conversation:22222222-3333-4444-5555-666666666666",\#(sender),"sent_at":"2027-01-15T08:00:00.250Z","seq":3,"text":"<b>hi</b>"}"#
        try golden.expectRoundTrip(ServerMessage.event(topic: .chat(.conversation(Self.conversation)), seq: 7, event: .messagePosted(Self.message)),
            #"{"event":{"kind":"message_posted","message":\#(message)},"seq":7,"topic":"chat:conversation:22222222-3333-4444-5555-666666666666","type":"event"}"#)
        try golden.expectRoundTrip(TopicEvent.messagesSeen(ChatSeen(reader: GoldenJSONTests.userID, seq: 3)),
            #"{"kind":"messages_seen","seen":{"reader":"11111111-2222-3333-4444-555555555555","seq":3}}"#)
        try golden.expectRoundTrip(TopicSnapshot.chat(messages: [Self.message]), #"{"messages":[\#(message)]}"#)
        try golden.expectRoundTrip(TopicSnapshot.chat(messages: []), #"{"messages":[]}"#)
        #expect(TopicEvent.messageDeleted(Self.message).message == Self.message)
    }

    @Test func roomsAndTheirTopicsReadAndWriteTheirNames() {
        let game = GoldenJSONTests.gameID
        for room in [ChatRoom.players(game), .watchers(game), .conversation(Self.conversation)] {
            #expect(ChatRoom(room.description) == room)
            #expect(Topic(Topic.chat(room).description) == .chat(room))
        }
        #expect(Topic.chat(.players(game)).description == "chat:players:\(game)")
        #expect(Topic("chat:lobby") == nil && Topic("chat:players:x") == nil && ChatRoom("conversation:") == nil)
    }
}
