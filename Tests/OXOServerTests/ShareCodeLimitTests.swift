import Foundation
import NIOHTTP1
import OXOProtocol
import Testing

/// A private game's share code is six characters: look-ups by code are limited, so that
/// nobody can try codes quickly enough to find games they were not given.
@Suite("Share codes cannot be guessed quickly")
struct ShareCodeLimitTests {
    @Test func lookUpsByCodeAreLimitedPerUserAndPerAddressButNotById() async throws {
        try await withServer(adjust: { $0.gameCodeLookupLimit = 3; $0.trustedProxies = ["127.0.0.1"] }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let alice = try await http.register("alice"), bob = try await http.register("bob")
            let game = try await http.send(.POST, "/v1/games", token: alice, body: #"{"side":"X","listed":false}"#)
                .decode(GameView.self)
            func lookUp(_ reference: String, as token: String, from address: String) async throws -> RawHTTP.Answer {
                try await http.send(.GET, "/v1/games/\(reference)", token: token, headers: [("X-Forwarded-For", address)])
            }

            // Per user, from any number of addresses.
            for n in 1...3 {
                #expect(try await lookUp("ZZZZZ\(n)", as: bob, from: "10.0.0.\(n)").status == 404)
            }
            let tooMany = try await lookUp(game.code, as: bob, from: "10.0.0.4")
            expectRefused(tooMany, 429, .rateLimited)
            #expect(Int(tooMany.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1)
            let join = try await http.send(.POST, "/v1/games/\(game.code)/join", token: bob, headers: [("X-Forwarded-For", "10.0.0.5")])
            expectRefused(join, 429, .rateLimited)
            // An id cannot be guessed, so looking up by id is not limited.
            #expect(try await lookUp(game.id.description, as: bob, from: "10.0.0.6").status == 200)

            // Per address, whoever asks: three users behind one address.
            for n in 1...3 {
                let token = try await http.register("carol\(n)")
                #expect(try await lookUp("YYYYY\(n)", as: token, from: "10.0.1.1").status == 404)
            }
            expectRefused(try await lookUp(game.code, as: alice, from: "10.0.1.1"), 429, .rateLimited)
            #expect(try await lookUp(game.code, as: alice, from: "10.0.1.2").status == 200)
        }
    }
}
