import Foundation
import NIOHTTP1
import OXOClient
import OXOProtocol
import Testing

/// A client that got `database_unavailable` cannot know whether its request was stored, and
/// sends it again with the same `Idempotency-Key`: the server answers with what the first
/// made, as it is now, and makes nothing twice. The SDK and the web client send a key with
/// every POST.
@Suite("A request sent again with its Idempotency-Key makes nothing twice")
struct RequestKeyTests {
    @Test func aMessageSentAgainIsAnsweredWithTheFirstAsItIsNowAndPostedOnce() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let conversation = try await alice.openConversation(with: try #require(await bob.user?.id))
            let raw = RawHTTP(baseURL: server.baseURL), token = await alice.token
            let send = { (key: String) in
                try await raw.send(.POST, "/v1/conversations/\(conversation.id)/messages", token: token, body: #"{"text":"hello"}"#,
                                   headers: [("Content-Type", "application/json"), ("Idempotency-Key", key)])
            }
            let first = try await send("key-1"), again = try await send("key-1")
            #expect(first.status == 201 && again.status == 201)
            let message = try first.decode(ChatMessage.self)
            #expect(try again.decode(ChatMessage.self).id == message.id)
            #expect(try await send("key-2").status == 201)
            #expect(try await bob.chatHistory(of: conversation.room).messages.count == 2, "one message for each key")

            try await alice.deleteMessage(message.id)
            let afterDeleting = try await send("key-1")
            #expect(try afterDeleting.decode(ChatMessage.self).deleted, "as it is now: deleted, its text gone")
            #expect(try afterDeleting.decode(ChatMessage.self).text == nil)
            #expect(try await bob.chatHistory(of: conversation.room).messages.count == 2)
        }
    }

    /// Twelve tries of one game at once, as a client whose first tries were cut off might
    /// send them: one game, and every answer names it.
    @Test func gamesSentAgainAtOnceMakeOneGameAndEachKeyIsItsSendersAndItsKinds() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let raw = RawHTTP(baseURL: server.baseURL)
            let (aliceToken, bobToken) = (await alice.token, await bob.token)
            let create: @Sendable (String?, String) async throws -> RawHTTP.Answer = { token, key in
                try await raw.send(.POST, "/v1/games", token: token, body: #"{"side":"X"}"#,
                                   headers: [("Content-Type", "application/json"), ("Idempotency-Key", key)])
            }
            let answers = try await withThrowingTaskGroup(of: RawHTTP.Answer.self) { group in
                for _ in 0..<12 { group.addTask { try await create(aliceToken, "same") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.map(\.status) == Array(repeating: 201, count: 12))
            let ids = Set(try answers.map { try $0.decode(GameView.self).id })
            #expect(ids.count == 1, "one game, named by every answer")
            #expect(try await bob.openGames().games.count == 1)

            let bobs = try await create(bobToken, "same")
            #expect(try bobs.decode(GameView.self).id != ids.first, "a key is its sender's")
            let game = try #require(ids.first)
            _ = try await bob.join(game)
            let chat = try await raw.send(.POST, "/v1/games/\(game)/chat/players/messages", token: aliceToken, body: #"{"text":"hi"}"#,
                                          headers: [("Content-Type", "application/json"), ("Idempotency-Key", "same")])
            #expect(chat.status == 201, "and its kind's: a message is not the game of the same key")
        }
    }

    @Test func aTournamentSentAgainIsMadeOnceAndCountsOnceAgainstTheDaysLimit() async throws {
        try await withServer(adjust: { $0.tournamentsPerDay = 1 }) { server in
            let alice = try await server.player("alice")
            let raw = RawHTTP(baseURL: server.baseURL), token = await alice.token
            let request = TournamentNewsTests.swiss("Sunday Swiss", starting: Date())
            let body = String(decoding: try Wire.encoder.encode(request), as: UTF8.self)
            let create = { (key: String) in
                try await raw.send(.POST, "/v1/tournaments", token: token, body: body,
                                   headers: [("Content-Type", "application/json"), ("Idempotency-Key", key)])
            }
            let first = try await create("sunday"), again = try await create("sunday")
            #expect(first.status == 201 && again.status == 201)
            #expect(try again.decode(Tournament.self).id == first.decode(Tournament.self).id)
            #expect(try await create("monday").error?.code == .tournamentLimitReached, "the day's one tournament, made once")
        }
    }

    @Test func aKeyThatIsNotVisibleASCIIOrIsTooLongIsRefused() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            let raw = RawHTTP(baseURL: server.baseURL), token = await alice.token
            for key in [String(repeating: "k", count: 101), "with space", "clé"] {
                let answer = try await raw.send(.POST, "/v1/games", token: token, body: #"{"side":"X"}"#,
                                                headers: [("Content-Type", "application/json"), ("Idempotency-Key", key)])
                #expect(answer.status == 400 && answer.error?.code == .invalidRequest, "\(key)")
            }
            #expect(try await alice.openGames().games.isEmpty, "nothing made")
        }
    }
}
