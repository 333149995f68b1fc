import Foundation
import OXOProtocol
import Testing
@testable import OXOClient

/// What the SDK sends for chat and moderation.
@Suite struct ChatEndpointTests {
    let server = ServerAddress(baseURL: Fixtures.server)
    let id = UUID()

    @Test func eachOperationGoesToItsAddress() throws {
        let (game, conversation, message) = (GameID(rawValue: id), ConversationID(rawValue: id), ChatMessageID(rawValue: id))
        let text = id.uuidString.lowercased()
        #expect(try requestLine(Endpoints.chatHistory(of: .players(game), before: nil, limit: nil)) == "GET /v1/games/\(text)/chat/players/messages")
        #expect(try requestLine(Endpoints.chatHistory(of: .watchers(game), before: 51, limit: 10))
                == "GET /v1/games/\(text)/chat/watchers/messages?before=51&limit=10")
        #expect(try requestLine(Endpoints.chatHistory(of: .conversation(conversation), before: nil, limit: nil))
                == "GET /v1/conversations/\(text)/messages")
        #expect(try requestLine(Endpoints.sendMessage(SendMessageBody(text: "hi"), to: .conversation(conversation)))
                == "POST /v1/conversations/\(text)/messages")
        #expect(try requestLine(Endpoints.deleteMessage(message)) == "DELETE /v1/messages/\(text)")
        #expect(try requestLine(Endpoints.reportMessage(message, reason: nil)) == "POST /v1/messages/\(text)/report")
        #expect(try requestLine(Endpoints.conversations()) == "GET /v1/me/conversations")
        #expect(try requestLine(Endpoints.openConversation(with: UserID(rawValue: id))) == "POST /v1/users/\(text)/conversation")
        #expect(try requestLine(Endpoints.conversation(conversation)) == "GET /v1/conversations/\(text)")
        #expect(try requestLine(Endpoints.markConversationRead(conversation, through: 3)) == "POST /v1/conversations/\(text)/read")
        #expect(try requestLine(Endpoints.uploadChatPhoto(Data([1]), contentType: "image/png")) == "POST /v1/chat/photos")
        #expect(try requestLine(Endpoints.reports()) == "GET /v1/admin/reports")
        #expect(try requestLine(Endpoints.moderatorDeleteMessage(message)) == "DELETE /v1/admin/messages/\(text)")
        #expect(try requestLine(Endpoints.suspend(username: "mallory")) == "PUT /v1/admin/users/mallory/suspension")
        #expect(try requestLine(Endpoints.reinstate(username: "mallory")) == "DELETE /v1/admin/users/mallory/suspension")
    }

    @Test func bodiesAreTheRequestsInSnakeCase() async throws {
        let send = try Endpoints.sendMessage(SendMessageBody(text: "hi", photo: "ab"), to: .players(GameID(rawValue: id)))
            .request(on: server, token: "t")
        #expect(try await requestBody(of: send) == #"{"photo":"ab","text":"hi"}"#)
        let read = try Endpoints.markConversationRead(ConversationID(rawValue: id), through: 7).request(on: server, token: "t")
        #expect(try await requestBody(of: read) == #"{"seq":7}"#)
        let photo = try Endpoints.uploadChatPhoto(Data([1, 2]), contentType: "image/png").request(on: server, token: "t")
        #expect(photo.headers["Content-Type"] == ["image/png"])
    }
}
