import Foundation
import NIOHTTP1
import OXOProtocol
import Testing

/// Every catalogue route for a player, another player and nobody signed in, each answer
/// checked against the document; and every answer the document promises for them is seen.
@Suite("Catalogue routes are authorised and documented")
struct CatalogueRouteTests {
    @Test func everyRouteAnswersAsDocumented() async throws {
        try await withServer(catalogue: true) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            func send(_ method: HTTPMethod, _ path: String, _ id: String = "", query: String = "",
                      as grant: SessionGrant?) async throws -> RawHTTP.Answer {
                let parameters = path.contains("{userID}") ? ["userID": id] : ["catalogueGameID": id]
                return try await api.send(method, path, parameters, query: query, token: grant?.token)
            }

            let search = try await send(.GET, "/v1/catalogue/games", query: "?q=portal%202", as: alice).decode(CatalogueGamePage.self)
            let portal = try #require(search.games.first)
            #expect(portal.title == "Portal 2")
            expectRefused(try await send(.GET, "/v1/catalogue/games", query: "?q=" + String(repeating: "a", count: 201), as: alice),
                          400, .invalidRequest)
            expectRefused(try await send(.GET, "/v1/catalogue/games", query: "?limit=0", as: alice), 400, .invalidRequest)
            expectRefused(try await send(.GET, "/v1/catalogue/games", as: nil), 401, .unauthorized)

            let id = "\(portal.id)", missing = "\(UUID())"
            #expect(try await send(.GET, "/v1/catalogue/games/{catalogueGameID}", id, as: bob).status == 200)
            expectRefused(try await send(.GET, "/v1/catalogue/games/{catalogueGameID}", missing, as: bob), 404, .catalogueGameNotFound)
            expectRefused(try await send(.GET, "/v1/catalogue/games/{catalogueGameID}", "nonsense", as: bob), 404, .catalogueGameNotFound)

            // Alice changes only her own games; anyone signed in may read them.
            #expect(try await send(.PUT, "/v1/me/catalogue/{catalogueGameID}", id, as: alice).status == 204)
            expectRefused(try await send(.PUT, "/v1/me/catalogue/{catalogueGameID}", missing, as: alice), 404, .catalogueGameNotFound)
            expectRefused(try await send(.DELETE, "/v1/me/catalogue/{catalogueGameID}", "nonsense", as: alice), 404,
                          .catalogueGameNotFound)
            #expect(try await send(.DELETE, "/v1/me/catalogue/{catalogueGameID}", id, as: bob).status == 204)
            let alicesGames = try await send(.GET, "/v1/users/{userID}/catalogue", "\(alice.user.id)", as: bob)
            #expect(try alicesGames.decode(CatalogueGamePage.self).games.map(\.id) == [portal.id], "Bob's removal left Alice's game")
            expectRefused(try await send(.GET, "/v1/users/{userID}/catalogue", "\(alice.user.id)", query: "?cursor=nonsense", as: bob),
                          400, .invalidRequest)
            expectRefused(try await send(.GET, "/v1/users/{userID}/catalogue", missing, as: bob), 404, .playerNotFound)
            expectRefused(try await send(.GET, "/v1/users/{userID}/catalogue", "nonsense", as: bob), 404, .notFound)

            let players = try await send(.GET, "/v1/catalogue/games/{catalogueGameID}/players", id, as: bob)
            #expect(try players.decode(CataloguePlayerPage.self).players.map(\.player.id) == [alice.user.id])
            expectRefused(try await send(.GET, "/v1/catalogue/games/{catalogueGameID}/players", id, query: "?limit=101", as: bob),
                          400, .invalidRequest)
            expectRefused(try await send(.GET, "/v1/catalogue/games/{catalogueGameID}/players", missing, as: bob), 404,
                          .catalogueGameNotFound)

            // The drawn cover needs no token and shows the title as text.
            let cover = try await send(.GET, "/v1/catalogue/cover.svg", query: "?title=%3Cb%3EPortal%3C%2Fb%3E", as: nil)
            #expect(cover.status == 200 && String(decoding: cover.body, as: UTF8.self).contains("&lt;b&gt;Portal&lt;/b&gt;"))
            expectRefused(try await send(.GET, "/v1/catalogue/cover.svg", as: nil), 400, .invalidRequest)

            let documented = Set(api.spec.operations.filter { Self.isCatalogue($0, in: api.spec) }.flatMap { operation in
                (api.spec.definition(of: operation)?["responses"]?.object ?? [:]).keys.map { "\(operation) \($0)" }
            })
            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            let protected = Set(api.spec.operations.filter { !api.spec.isPublic($0) }.map { "\($0) 401" })
            #expect(documented.subtracting(seen).subtracting(protected).isEmpty,
                    "documented but never seen: \(documented.subtracting(seen).subtracting(protected).sorted())")
        }
    }

    /// The operations of the Catalogue tag, which this suite covers.
    static func isCatalogue(_ operation: OpenAPISpec.Operation, in spec: OpenAPISpec) -> Bool {
        spec.definition(of: operation)?["tags"]?.array?.compactMap(\.string).contains("Catalogue") == true
    }
}
