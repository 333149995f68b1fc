import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("Direct conversations")
struct ConversationTests {
    @Test func aConversationWithTextAndAPhotoIsListedReadAndSeen() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let bobID = try await bob.id(), aliceID = try await alice.id()
            let opened = try await alice.openConversation(with: bobID)
            #expect(opened.with.username == "bob" && opened.lastMessage == nil && opened.unread == 0)
            #expect(try await bob.openConversation(with: aliceID).id == opened.id, "one conversation per pair, whoever opens it")
            #expect(try await bob.conversations().conversations.isEmpty, "listed once it has a message")

            let upload = try await alice.uploadChatPhoto(Data(TestImages.png(width: 30, height: 20)), contentType: "image/png")
            #expect(upload.width == 30 && upload.height == 20 && upload.url == "/v1/media/\(upload.photo)")
            try await alice.sendMessage("look", to: opened.room)
            let photo = try await alice.sendMessage(nil, photo: upload.photo, to: opened.room)
            #expect(photo.photo == ChatPhoto(url: upload.url, width: 30, height: 20) && photo.text == nil)

            let listed = try #require(try await bob.conversations().conversations.first)
            #expect(listed.id == opened.id && listed.with.username == "alice" && listed.unread == 2)
            #expect(listed.lastMessage?.id == photo.id)
            // One notification for the conversation, not one per message.
            let told = try await bob.notifications().notifications
            #expect(told.map(\.kind) == [.message] && told.first?.actor?.username == "alice")

            let seen = try await bob.markConversationRead(opened.id, through: photo.seq)
            #expect(seen == ChatSeen(reader: bobID, seq: 2))
            #expect(try await bob.markConversationRead(opened.id, through: 1).seq == 2, "a read mark never goes back")
            #expect(try await bob.notifications().unread == 0, "reading the conversation reads its notification")
            let aliceView = try await alice.conversation(opened.id)
            #expect(aliceView.seenThrough == 2 && aliceView.unread == 0)
            #expect(try await bob.conversations().conversations.first?.unread == 0)

            // Once read, the next message notifies again.
            try await alice.sendMessage("still there?", to: opened.room)
            #expect(try await bob.notifications().unread == 1)
            try await alice.setNotificationSettings(NotificationSettings(muted: [.message]))
            try await bob.sendMessage("yes", to: opened.room)
            #expect(try await alice.notifications().notifications.isEmpty, "muted kinds are not stored")
        }
    }

    @Test func strangersReadNothingAndBlockedPlayersSendNothing() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            let conversation = try await alice.openConversation(with: try await bob.id())
            let message = try await alice.sendMessage("just us", to: conversation.room)

            #expect(await refusal { try await carol.chatHistory(of: conversation.room) } == .forbidden)
            #expect(await refusal { try await carol.sendMessage("hi", to: conversation.room) } == .forbidden)
            #expect(await refusal { try await carol.conversation(conversation.id) } == .forbidden)
            #expect(await refusal { try await carol.markConversationRead(conversation.id, through: 1) } == .forbidden)
            #expect(await refusal { try await carol.deleteMessage(message.id) } == .forbidden)
            #expect(await refusal { try await carol.reportMessage(message.id) } == .forbidden)
            #expect(await refusal { try await bob.deleteMessage(message.id) } == .forbidden, "only its sender deletes it")
            #expect(await refusal { try await carol.conversation(ConversationID(rawValue: UUID())) } == .conversationNotFound)
            #expect(await refusal { try await carol.openConversation(with: try await carol.id()) } == .invalidRequest)
            // The socket refuses her the conversation's topic as REST refuses her its history.
            let live = try await carol.connect(following: [.chat(conversation.room)])
            let refused = try await live.updates { if case .subscriptionRefused = $0 { true } else { false } }
            guard case .subscriptionRefused(_, let error) = refused.last else { throw TimedOut(seconds: 0) }
            #expect(error.code == .forbidden)
            await live.close()

            try await bob.block(try await alice.id())
            #expect(await refusal { try await alice.sendMessage("hello?", to: conversation.room) } == .blocked)
            #expect(await refusal { try await bob.sendMessage("go away", to: conversation.room) } == .blocked)
            #expect(await refusal { try await carol.openConversation(with: try await bob.id()) } == nil)
            try await carol.block(try await alice.id())
            #expect(await refusal { try await alice.openConversation(with: try await carol.id()) } == .blocked)
            #expect(try await bob.chatHistory(of: conversation.room).messages.count == 1, "the history stays readable")
        }
    }

    @Test func aDeletedMessageShowsAsDeletedToEveryoneAndAReportKeepsItsText() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let conversation = try await alice.openConversation(with: try await bob.id())
            let message = try await bob.sendMessage("something rude", to: conversation.room)
            try await alice.reportMessage(message.id, reason: "rude")
            try await alice.reportMessage(message.id, reason: "rude again")
            #expect(await refusal { try await bob.reportMessage(message.id) } == .invalidRequest)
            let live = try await alice.connect(following: [.chat(conversation.room)])
            _ = try await live.updates { if case .snapshot = $0 { true } else { false } }
            let deleted = try await bob.deleteMessage(message.id)
            #expect(deleted.deleted && deleted.text == nil && deleted.seq == message.seq)
            let heard = try await live.event(on: .chat(conversation.room)) { $0.kind == .messageDeleted }
            #expect(heard.message == deleted)
            #expect(try await alice.chatHistory(of: conversation.room).messages == [deleted])
            #expect(try await bob.deleteMessage(message.id) == deleted, "deleting twice changes nothing")
            #expect(try await server.count("chat_reports") == 1)
            await live.close()
        }
    }

    /// A photo is content, kept once for every row that shows it: deleting one message
    /// that showed it leaves the other message and the avatar showing it still. Only its
    /// uploader may send it; the same bytes uploaded again are theirs under a new address.
    @Test func deletingAMessageLeavesItsPhotoToTheOtherMessagesAndAvatarsShowingIt() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let conversation = try await alice.openConversation(with: try await bob.id())
            let png = Data(TestImages.png(width: 12, height: 8))
            let upload = try await alice.uploadChatPhoto(png, contentType: "image/png")
            let first = try await alice.sendMessage(nil, photo: upload.photo, to: conversation.room)
            #expect(await refusal { try await bob.sendMessage("mine now", photo: upload.photo, to: conversation.room) } == .photoNotFound)
            let second = try await alice.sendMessage("same one", photo: upload.photo, to: conversation.room)
            let bobsAvatar = try await bob.setAvatar(png).avatar
            #expect(bobsAvatar != upload.url)

            let deleted = try await alice.deleteMessage(first.id)
            #expect(deleted.deleted && deleted.photo == nil)
            let history = try await bob.chatHistory(of: conversation.room).messages
            #expect(history.map(\.id) == [first.id, second.id])
            #expect(history.last?.photo == ChatPhoto(url: upload.url, width: 12, height: 8))
            #expect(try await RawHTTP(baseURL: server.baseURL).send(.GET, upload.url).body == png)
            #expect(try await RawHTTP(baseURL: server.baseURL).send(.GET, bobsAvatar).body == png)
            #expect(try await server.count("media") == 1)
        }
    }

    @Test func anSVGOrHTMLPhotoIsRefused() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#.utf8)
            #expect(await refusal { try await alice.uploadChatPhoto(svg, contentType: "image/png") } == .unsupportedImage)
            #expect(await refusal { try await alice.uploadChatPhoto(Data("<html></html>".utf8)) } == .unsupportedImage)
            #expect(try await server.count("media") == 0)
        }
    }
}
