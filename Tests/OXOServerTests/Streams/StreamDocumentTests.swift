import Foundation
import OXOClient
import OXOProtocol
import Testing

/// Every answer the OpenAPI document promises for the streams and for turning an account
/// into a bot, seen from the real server and checked against the document. The account's
/// stream, which never ends by itself, is read for its 200 in `StreamTests`.
@Suite("Streams and players' bots as the OpenAPI document says")
struct StreamDocumentTests {
    static func isStreamsOrBots(_ operation: OpenAPISpec.Operation) -> Bool {
        operation.path.hasSuffix("/stream") || operation.path == "/v1/me/bot"
    }

    @Test func everyDocumentedAnswerIsSeen() async throws {
        try await withServer(adjust: { $0.maxSocketsPerUser = 1 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob"), carol = try await api.register("carol")
            let url = URL(string: server.baseURL)!
            let (aliceClient, bobClient) = (OXOClient(baseURL: url, token: alice.token), OXOClient(baseURL: url, token: bob.token))
            let game = try await bobClient.join(try await aliceClient.createGame(side: .x).id)
            _ = try await aliceClient.resign(game.id)

            let stream = { (id: String, query: String, token: String) in
                try await api.send(.GET, "/v1/games/{gameID}/stream", ["gameID": id], query: query, token: token)
            }
            let over = try await stream("\(game.id)", "", alice.token)
            #expect(over.status == 200 && String(decoding: over.body, as: UTF8.self).hasPrefix(#"{"seq":"#), "the finished game, then the end")
            expectRefused(try await stream("\(game.id)", "?after=-1", alice.token), 400, .invalidRequest)
            expectRefused(try await stream("\(UUID())", "", alice.token), 404, .gameNotFound)
            expectRefused(try await stream("nonsense", "", alice.token), 404, .notFound)
            expectRefused(try await api.send(.GET, "/v1/me/stream", query: "?after=soon", token: alice.token), 400, .invalidRequest)
            let player = try await aliceClient.createAccessToken(named: "moves", scopes: [.play], expiresInDays: 1)
            expectRefused(try await stream("\(game.id)", "", player.token), 403, .insufficientScope)
            expectRefused(try await api.send(.GET, "/v1/me/stream", token: player.token), 403, .insufficientScope)
            var held = try await aliceClient.accountStream().makeAsyncIterator()
            _ = try await held.next()
            expectRefused(try await api.send(.GET, "/v1/me/stream", token: alice.token), 429, .rateLimited)
            expectRefused(try await stream("\(game.id)", "", alice.token), 429, .rateLimited)
            _ = held

            let become = { (body: String, token: String) in try await api.send(.POST, "/v1/me/bot", token: token, body: body) }
            expectRefused(try await become("{", carol.token), 400, .malformedJSON)
            expectRefused(try await become(#"{"variants":[]}"#, carol.token), 400, .invalidRequest)
            expectRefused(try await become("{\"x\":\"" + String(repeating: "a", count: 100_000) + "\"}", carol.token), 413, .payloadTooLarge)
            expectRefused(try await become("{}", player.token), 403, .insufficientScope)
            let guest = try await api.send(.POST, "/v1/guests", body: "{}").decode(SessionGrant.self)
            expectRefused(try await become("{}", guest.token), 403, .forbidden)
            expectRefused(try await become("{}", alice.token), 409, .hasPlayedGames)
            #expect(try await become(#"{"variants":["gomoku"]}"#, carol.token).decode(UserView.self).bot)
        }
    }
}
