import Foundation
import OXOProtocol
import Testing

/// A block reaches into games: neither player sits down at the other's game, however they
/// found it, and two who blocked each other mid-game no longer write in its players' room.
@Suite("Blocks in games")
struct BlocksInGamesTests {
    @Test func aBlockedPlayerJoinsNeitherAListedNorAPrivateGameByIdOrByCode() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let listed = try await api.createGame(token: alice.token)
            let unlisted = try await api.createGame(#"{"side":"O","listed":false}"#, token: alice.token)
            let block = try await api.send(.PUT, "/v1/me/blocks/{userID}", ["userID": "\(bob.user.id)"], token: alice.token)
            #expect(block.status < 300)
            for game in [listed, unlisted] {
                for reference in [game.id.description, game.code] {
                    let refused = try await api.send(.POST, "/v1/games/{gameID}/join", ["gameID": reference], token: bob.token)
                    expectRefused(refused, 403, .blocked, reference)
                }
            }
            // The one who blocked is refused too, and the games stay open for anyone else.
            let bobs = try await api.createGame(token: bob.token)
            expectRefused(try await api.join(bobs, token: alice.token), 403, .blocked)
            let carol = try await api.register("carol")
            #expect(try await api.join(unlisted, token: carol.token).status == 200)
        }
    }

    @Test func playersWhoBlockMidGameFinishItButNoLongerWriteToEachOther() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            var game = try await api.createGame(token: alice.token)
            game = try await api.join(game, token: bob.token).decode(GameView.self)
            let room = ["gameID": "\(game.id)", "room": "players"]
            #expect(try await api.send(.POST, "/v1/games/{gameID}/chat/{room}/messages", room, token: bob.token,
                                       body: #"{"text":"good luck"}"#).status == 201)
            _ = try await api.send(.PUT, "/v1/me/blocks/{userID}", ["userID": "\(bob.user.id)"], token: alice.token)
            for player in [bob, alice] {
                let refused = try await api.send(.POST, "/v1/games/{gameID}/chat/{room}/messages", room, token: player.token,
                                                 body: #"{"text":"still here"}"#)
                expectRefused(refused, 403, .blocked, player.user.username)
            }
            // What was said stays readable, and the game goes on.
            #expect(try await api.send(.GET, "/v1/games/{gameID}/chat/{room}/messages", room, token: alice.token).status == 200)
            #expect(try await api.move(game, cell: 4, token: alice.token).status == 200)
        }
    }
}
