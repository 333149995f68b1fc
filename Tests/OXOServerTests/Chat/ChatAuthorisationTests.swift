import Foundation
import NIOHTTP1
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// Every chat route for a member, a stranger, a watcher in the players' room and a
/// blocked player, each answer checked against the document; and every answer the
/// document promises for chat is seen here.
@Suite("Chat routes are authorised and documented")
struct ChatAuthorisationTests {
    @Test func everyRoomIsReadAndWrittenOnlyByThoseItIsFor() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, adjust: { $0.uploadLimit = 7 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob"), carol = try await api.register("carol")
            let game = try await api.createGame(token: alice.token)
            _ = try await api.join(game, token: bob.token)
            let computer = try await api.createGame(#"{"side":"X","mode":"computer","level":"easy"}"#, token: alice.token)
            let roomPath = "/v1/games/{gameID}/chat/{room}/messages"
            func room(_ name: String, of game: String = "\(game.id)") -> [String: String] { ["gameID": game, "room": name] }
            let say = #"{"text":"hello"}"#

            // The players' room: the two players read and write; Carol, watching, neither.
            #expect(try await api.send(.POST, roomPath, room("players"), token: alice.token, body: say).status == 201)
            #expect(try await api.send(.GET, roomPath, room("players"), token: bob.token).decode(ChatPage.self).messages.count == 1)
            expectRefused(try await api.send(.GET, roomPath, room("players"), token: carol.token), 403, .notAPlayer)
            expectRefused(try await api.send(.POST, roomPath, room("players"), token: carol.token, body: say), 403, .notAPlayer)
            // The watchers' room is everyone's.
            let watched = try await api.send(.POST, roomPath, room("watchers"), token: carol.token, body: say).decode(ChatMessage.self)
            #expect(try await api.send(.GET, roomPath, room("watchers"), token: alice.token).status == 200)
            // Bad input, and rooms that do not exist.
            expectRefused(try await api.send(.GET, roomPath, room("players"), query: "?limit=0", token: bob.token), 400, .invalidRequest)
            expectRefused(try await api.send(.GET, roomPath, room("players"), query: "?before=0", token: bob.token), 400, .invalidRequest)
            expectRefused(try await api.send(.POST, roomPath, room("players"), token: alice.token, body: "{"), 400, .malformedJSON)
            expectRefused(try await api.send(.POST, roomPath, room("players"), token: alice.token, body: #"{"text":5}"#), 400, .invalidRequest)
            expectRefused(try await api.send(.POST, roomPath, room("players"), token: alice.token, body: #"{"text":" "}"#), 422, .messageEmpty)
            for path in [room("lobby"), room("players", of: "nonsense")] {
                expectRefused(try await api.send(.GET, roomPath, path, token: alice.token), 404, .notFound)
                expectRefused(try await api.send(.POST, roomPath, path, token: alice.token, body: say), 404, .notFound)
            }
            expectRefused(try await api.send(.GET, roomPath, room("players", of: "\(UUID())"), token: alice.token), 404, .gameNotFound)
            expectRefused(try await api.send(.POST, roomPath, room("players", of: "\(UUID())"), token: alice.token, body: say),
                          404, .gameNotFound)
            expectRefused(try await api.send(.GET, roomPath, room("players", of: "\(computer.id)"), token: alice.token), 409, .chatUnavailable)
            expectRefused(try await api.send(.POST, roomPath, room("watchers", of: "\(computer.id)"), token: alice.token, body: say),
                          409, .chatUnavailable)

            // Conversations: opened with anyone not blocked; read and written by the two only.
            let open = { (user: UserID, grant: SessionGrant) in
                try await api.send(.POST, "/v1/users/{userID}/conversation", ["userID": "\(user)"], token: grant.token)
            }
            let conversation = try await open(bob.user.id, alice).decode(Conversation.self)
            expectRefused(try await open(alice.user.id, alice), 400, .invalidRequest)
            expectRefused(try await open(UserID(rawValue: UUID()), alice), 404, .playerNotFound)
            expectRefused(try await api.send(.POST, "/v1/users/{userID}/conversation", ["userID": "bob"], token: alice.token), 404, .notFound)
            let id = ["conversationID": "\(conversation.id)"], unknown = ["conversationID": "\(UUID())"], nonsense = ["conversationID": "x"]
            let messages = "/v1/conversations/{conversationID}/messages", read = "/v1/conversations/{conversationID}/read"
            let sent = try await api.send(.POST, messages, id, token: alice.token, body: #"{"text":"hi Bob"}"#).decode(ChatMessage.self)
            #expect(try await api.send(.GET, "/v1/conversations/{conversationID}", id, token: bob.token).decode(Conversation.self).unread == 1)
            #expect(try await api.send(.GET, messages, id, token: bob.token).decode(ChatPage.self).messages == [sent])
            #expect(try await api.send(.POST, read, id, token: bob.token, body: #"{"seq":1}"#).decode(ChatSeen.self).seq == 1)
            #expect(try await api.send(.GET, "/v1/me/conversations", token: alice.token).decode(ConversationList.self)
                .conversations.first?.seenThrough == 1)
            for (method, path, body) in [(HTTPMethod.GET, "/v1/conversations/{conversationID}", nil), (.GET, messages, nil),
                                         (.POST, messages, say), (.POST, read, #"{"seq":1}"#)] {
                expectRefused(try await api.send(method, path, id, token: carol.token, body: body), 403, .forbidden, "\(method) \(path)")
                expectRefused(try await api.send(method, path, unknown, token: carol.token, body: body), 404, .conversationNotFound, path)
                expectRefused(try await api.send(method, path, nonsense, token: carol.token, body: body), 404, .notFound, path)
            }
            expectRefused(try await api.send(.GET, messages, id, query: "?limit=101", token: bob.token), 400, .invalidRequest)
            expectRefused(try await api.send(.POST, messages, id, token: bob.token, body: "["), 400, .malformedJSON)
            expectRefused(try await api.send(.POST, messages, id, token: bob.token, body: #"{"photo":1}"#), 400, .invalidRequest)
            expectRefused(try await api.send(.POST, read, id, token: bob.token, body: "{"), 400, .malformedJSON)
            expectRefused(try await api.send(.POST, read, id, token: bob.token, body: "{}"), 400, .invalidRequest)
            expectRefused(try await api.send(.POST, messages, id, token: bob.token, body: #"{"text":"\#(String(repeating: "a", count: 1001))"}"#),
                          422, .messageTooLong)
            expectRefused(try await api.send(.POST, messages, id, token: bob.token, body: #"{"photo":"\#(String(repeating: "0", count: 64))"}"#),
                          422, .photoNotFound)

            // Deleting and reporting: only what one may read; deleting only one's own.
            let message = "/v1/messages/{messageID}", report = "/v1/messages/{messageID}/report"
            let aliceWrote = ["messageID": "\(sent.id)"], inPlayersRoom = ["messageID": "\(try await api.send(.GET, roomPath, room("players"), token: bob.token).decode(ChatPage.self).messages[0].id)"]
            expectRefused(try await api.send(.DELETE, message, aliceWrote, token: bob.token), 403, .forbidden)
            expectRefused(try await api.send(.DELETE, message, aliceWrote, token: carol.token), 403, .forbidden)
            expectRefused(try await api.send(.DELETE, message, inPlayersRoom, token: carol.token), 403, .notAPlayer)
            expectRefused(try await api.send(.POST, report, aliceWrote, token: carol.token, body: "{}"), 403, .forbidden)
            expectRefused(try await api.send(.POST, report, inPlayersRoom, token: carol.token, body: "{}"), 403, .notAPlayer)
            expectRefused(try await api.send(.POST, report, aliceWrote, token: alice.token, body: "{}"), 400, .invalidRequest)
            expectRefused(try await api.send(.POST, report, aliceWrote, token: bob.token, body: "{"), 400, .malformedJSON)
            expectRefused(try await api.send(.POST, report, aliceWrote, token: bob.token,
                                             body: #"{"reason":"\#(String(repeating: "a", count: 1001))"}"#), 422, .messageTooLong)
            for path in [["messageID": "\(UUID())"], ["messageID": "x"]] {
                let code: ErrorCode = path["messageID"] == "x" ? .notFound : .messageNotFound
                expectRefused(try await api.send(.DELETE, message, path, token: alice.token), 404, code)
                expectRefused(try await api.send(.POST, report, path, token: alice.token, body: "{}"), 404, code)
            }
            #expect(try await api.send(.POST, report, aliceWrote, token: bob.token, body: #"{"reason":"spam"}"#).status == 204)
            #expect(try await api.send(.POST, report, ["messageID": "\(watched.id)"], token: alice.token, body: "{}").status == 204)
            #expect(try await api.send(.DELETE, message, aliceWrote, token: alice.token).decode(ChatMessage.self).deleted)

            // Photos: what an avatar may be, and nothing else.
            let photos = "/v1/chat/photos"
            let upload = { (bytes: [UInt8], type: String) in
                try await api.send(.POST, photos, token: carol.token, data: Data(bytes), headers: [("Content-Type", type)])
            }
            #expect(try await upload(TestImages.png(width: 3, height: 2), "image/png").decode(ChatPhotoUpload.self).width == 3)
            expectRefused(try await upload(Array(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8), "image/svg+xml"), 415, .unsupportedImage)
            expectRefused(try await upload(Array("--x\r\n\r\n--x--".utf8), "multipart/form-data; boundary=x"), 400, .invalidRequest)
            expectRefused(try await upload(TestImages.png(width: 5000, height: 1), "image/png"), 422, .imageDimensionsTooLarge)
            expectRefused(try await upload([UInt8](repeating: 0, count: MediaRules.maxBytes + 1), "image/png"), 413, .imageTooLarge)
            _ = try await upload(TestImages.gif(), "image/gif")
            _ = try await upload(TestImages.gif(), "image/gif")
            _ = try await upload(TestImages.gif(), "image/gif")
            expectRefused(try await upload(TestImages.gif(), "image/gif"), 429, .rateLimited)

            // Five messages in five seconds across rooms, then 429 with Retry-After.
            for _ in 1...4 { _ = try await api.send(.POST, messages, id, token: bob.token, body: say) }
            _ = try await api.send(.POST, roomPath, room("watchers"), token: bob.token, body: say)
            let limited = try await api.send(.POST, messages, id, token: bob.token, body: say)
            expectRefused(limited, 429, .rateLimited)
            expectRefused(try await api.send(.POST, roomPath, room("players"), token: bob.token, body: say), 429, .rateLimited)

            // A block: neither may open or write, both may still read.
            #expect(try await api.send(.PUT, "/v1/me/blocks/{userID}", ["userID": "\(alice.user.id)"], token: bob.token).status == 204)
            expectRefused(try await open(bob.user.id, alice), 403, .blocked)
            expectRefused(try await api.send(.POST, messages, id, token: alice.token, body: say), 403, .blocked)
            #expect(try await api.send(.GET, messages, id, token: alice.token).status == 200)

            // Ten minutes after the end, the game's rooms are read-only.
            _ = try await api.resign(game, token: alice.token)
            clock.advance(by: 11 * 60)
            expectRefused(try await api.send(.POST, roomPath, room("players"), token: alice.token, body: say), 409, .chatClosed)
            #expect(try await api.send(.GET, roomPath, room("players"), token: alice.token).status == 200)

            let chat = api.spec.operations.filter { Self.isChat($0, in: api.spec) }
            let documented = Set(chat.flatMap { operation in
                (api.spec.definition(of: operation)?["responses"]?.object ?? [:]).keys.filter { $0 != "401" }.map { "\(operation) \($0)" }
            })
            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            #expect(documented.subtracting(seen).isEmpty, "documented but never seen: \(documented.subtracting(seen).sorted())")
        }
    }

    /// The operations of the Chat tag, which this suite covers.
    static func isChat(_ operation: OpenAPISpec.Operation, in spec: OpenAPISpec) -> Bool {
        spec.definition(of: operation)?["tags"]?.array?.compactMap(\.string).contains("Chat") == true
    }
}
