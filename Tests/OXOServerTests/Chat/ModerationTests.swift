import Foundation
import NIOHTTP1
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

/// Reports, and what a moderator with the server's admin token does about them, through
/// the SDK as `oxo admin` does; every answer of the moderators' routes is checked against
/// the document.
@Suite("Moderation")
struct ModerationTests {
    static let adminToken = "moderators-only-token-of-32-chars-or-more"

    @Test func aReportKeepsTheMessageAsItWasAndAModeratorDeletesItAndSuspendsItsSender() async throws {
        try await withServer(adjust: { $0.adminToken = Self.adminToken }) { server in
            let alice = try await server.player("alice"), mallory = try await server.player("mallory")
            let moderator = OXOClient(baseURL: URL(string: server.baseURL)!, token: Self.adminToken)
            let conversation = try await alice.openConversation(with: try await mallory.id())
            let rude = try await mallory.sendMessage("something rude", to: conversation.room)
            try await alice.reportMessage(rude.id, reason: "rude")
            try await mallory.deleteMessage(rude.id)

            let report = try #require(try await moderator.reports().reports.first)
            #expect(report.text == "something rude" && report.reason == "rude", "kept as it was, though since deleted")
            #expect(report.sender.username == "mallory" && report.reporter.username == "alice" && report.message == rude.id)

            // A moderator deletes anyone's message; the room hears it.
            let other = try await mallory.sendMessage("more", to: conversation.room)
            let live = try await alice.connect(following: [.chat(conversation.room)])
            _ = try await live.updates { if case .snapshot = $0 { true } else { false } }
            #expect(try await moderator.moderatorDeleteMessage(other.id).deleted)
            #expect(try await live.event(on: .chat(conversation.room)) { $0.kind == .messageDeleted }.message?.id == other.id)
            await live.close()

            // Suspended: the open socket ends, the token stops working, signing in is refused.
            let malloryLive = try await mallory.goOnline()
            #expect(try await moderator.suspend(username: "Mallory").suspended)
            // The socket is closed, and coming back with the same token is refused for good.
            let ended = await outcome { try await malloryLive.updates { _ in false } }
            guard case .failure(let error) = ended else { throw TimedOut(seconds: 0) }
            #expect(error is OXOClientError, "\(error)")
            #expect(await refusal { try await mallory.conversations() } == .unauthorized)
            let url = URL(string: server.baseURL)!
            #expect(await refusal { try await OXOClient.login("mallory", password: "password-mallory", at: url) } == .accountSuspended)
            #expect(await refusal { try await OXOClient.login("mallory", password: "wrong", at: url) } == .invalidCredentials)
            #expect(try await moderator.reinstate(username: "mallory").suspended == false)
            _ = try await OXOClient.login("mallory", password: "password-mallory", at: url)
            await malloryLive.close()
        }
    }

    @Test func theModeratorsRoutesAreClosedWithoutTheAdminTokenAndDocumented() async throws {
        try await withServer(adjust: { $0.adminToken = Self.adminToken }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            _ = try await api.register("carol")
            let conversation = try await api.send(.POST, "/v1/users/{userID}/conversation", ["userID": "\(bob.user.id)"],
                                                  token: alice.token).decode(Conversation.self)
            let message = try await api.send(.POST, "/v1/conversations/{conversationID}/messages",
                                             ["conversationID": "\(conversation.id)"], token: alice.token,
                                             body: #"{"text":"hi"}"#).decode(ChatMessage.self)
            let tournament = try await api.send(.POST, "/v1/tournaments", token: alice.token, body: TournamentDocumentTests.arena())
                .decode(Tournament.self)
            let operations: [(HTTPMethod, String, [String: String])] = [
                (.GET, "/v1/admin/reports", [:]),
                (.DELETE, "/v1/admin/messages/{messageID}", ["messageID": "\(message.id)"]),
                (.PUT, "/v1/admin/users/{username}/suspension", ["username": "bob"]),
                (.DELETE, "/v1/admin/users/{username}/suspension", ["username": "bob"]),
                (.DELETE, "/v1/admin/users/{username}", ["username": "carol"]),
                (.DELETE, "/v1/admin/tournaments/{tournamentID}", ["tournamentID": "\(tournament.id)"]),
            ]
            for (method, path, parameters) in operations {
                // A player's own token is not the moderators'.
                expectRefused(try await api.send(method, path, parameters, token: alice.token), 401, .unauthorized, path)
                #expect(try await api.send(method, path, parameters, token: Self.adminToken).status == 200, "\(path)")
            }
            expectRefused(try await api.send(.DELETE, "/v1/admin/messages/{messageID}", ["messageID": "\(UUID())"],
                                             token: Self.adminToken), 404, .messageNotFound)
            expectRefused(try await api.send(.DELETE, "/v1/admin/messages/{messageID}", ["messageID": "x"],
                                             token: Self.adminToken), 404, .notFound)
            expectRefused(try await api.send(.DELETE, "/v1/admin/users/{username}", ["username": "carol"], token: Self.adminToken),
                          404, .playerNotFound)
            expectRefused(try await api.send(.DELETE, "/v1/admin/tournaments/{tournamentID}", ["tournamentID": "\(UUID())"],
                                             token: Self.adminToken), 404, .tournamentNotFound)
            expectRefused(try await api.send(.DELETE, "/v1/admin/tournaments/{tournamentID}", ["tournamentID": "\(tournament.id)"],
                                             token: Self.adminToken), 409, .tournamentClosed, "cancelled already")
            for method in [HTTPMethod.PUT, .DELETE] {
                expectRefused(try await api.send(method, "/v1/admin/users/{username}/suspension", ["username": "nobody"],
                                                 token: Self.adminToken), 404, .playerNotFound)
            }
            _ = try await api.send(.PUT, "/v1/admin/users/{username}/suspension", ["username": "bob"], token: Self.adminToken)
            expectRefused(try await api.send(.POST, "/v1/sessions", body: #"{"login":"bob","password":"password-bob"}"#),
                          403, .accountSuspended)
            // Wrong tokens are limited per address: past the limit every route refuses, the right token too.
            for _ in 0..<server.configuration.adminGuessLimit { _ = try await api.send(.GET, "/v1/admin/reports", token: "wrong") }
            for (method, path, parameters) in operations {
                expectRefused(try await api.send(method, path, parameters, token: Self.adminToken), 429, .rateLimited, path)
            }

            let moderation = api.spec.operations.filter { Self.isModeration($0, in: api.spec) }
            let documented = Set(moderation.flatMap { operation in
                (api.spec.definition(of: operation)?["responses"]?.object ?? [:]).keys.map { "\(operation) \($0)" }
            })
            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            #expect(documented.subtracting(seen).isEmpty, "documented but never seen: \(documented.subtracting(seen).sorted())")
        }
    }

    @Test func aServerStartedWithoutAnAdminTokenHasNoModerators() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            for token in [nil, "", "anything"] as [String?] {
                expectRefused(try await api.send(.GET, "/v1/admin/reports", token: token), 401, .unauthorized)
            }
        }
    }

    static func isModeration(_ operation: OpenAPISpec.Operation, in spec: OpenAPISpec) -> Bool {
        spec.definition(of: operation)?["tags"]?.array?.compactMap(\.string).contains("Moderation") == true
    }
}
