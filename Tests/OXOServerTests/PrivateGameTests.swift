import Foundation
import OXOClient
import OXOProtocol
import Testing

/// A private game is its two players' alone, finished or not: strangers find it in no
/// history, replay it not, read no notation of it, and have no room of it to write in.
/// Until someone joins, whoever was given its code sees it, to join it.
@Suite("Private games stay private")
struct PrivateGameTests {
    @Test func aFinishedPrivateGameIsSeenOnlyByItsPlayers() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let mallory = try await api.register("mallory")
            var game = try await api.createGame(#"{"side":"X","listed":false}"#, token: alice.token)
            #expect(try await api.send(.GET, "/v1/games/{gameID}", ["gameID": game.code], token: mallory.token).status == 200,
                    "the code's holder sees an open game, to join it")
            game = try await api.join(game, token: bob.token).decode(GameView.self)
            let listed = try await HistoryTests.play(HistoryTests.edgeReplyLoses, x: alice, o: bob, api: api)
            for (index, cell) in HistoryTests.edgeReplyLoses.enumerated() {
                game = try await api.move(game, cell: cell, token: index.isMultiple(of: 2) ? alice.token : bob.token)
                    .decode(GameView.self)
            }
            #expect(game.phase == .finished)
            let id = ["gameID": "\(game.id)"]
            for player in [alice, bob] {
                let history = try await api.send(.GET, "/v1/users/{userID}/games/finished", ["userID": "\(alice.user.id)"],
                                                 token: player.token).decode(FinishedGamePage.self)
                #expect(history.games.map(\.id) == [game.id, listed.id])
                #expect(try await api.send(.GET, "/v1/games/{gameID}/replay", id, token: player.token).status == 200)
                #expect(try await api.send(.GET, "/v1/games/{gameID}/notation", id, token: player.token).status == 200)
            }
            let history = try await api.send(.GET, "/v1/users/{userID}/games/finished", ["userID": "\(alice.user.id)"],
                                             token: mallory.token).decode(FinishedGamePage.self)
            #expect(history.games.map(\.id) == [listed.id])
            for path in ["/v1/games/{gameID}", "/v1/games/{gameID}/replay", "/v1/games/{gameID}/notation"] {
                expectRefused(try await api.send(.GET, path, id, token: mallory.token), 404, .gameNotFound, path)
            }
            expectRefused(try await api.send(.GET, "/v1/games/{gameID}", ["gameID": game.code], token: mallory.token),
                          404, .gameNotFound, "by code")
            let watchers = ["gameID": "\(game.id)", "room": "watchers"]
            expectRefused(try await api.send(.POST, "/v1/games/{gameID}/chat/{room}/messages", watchers, token: mallory.token,
                                             body: #"{"text":"gg"}"#), 403, .notAPlayer)
            expectRefused(try await api.send(.GET, "/v1/games/{gameID}/chat/{room}/messages", watchers, token: mallory.token),
                          403, .notAPlayer)
            #expect(try await api.send(.POST, "/v1/games/{gameID}/chat/{room}/messages", watchers, token: bob.token,
                                       body: #"{"text":"gg"}"#).status == 201)
        }
    }

    @Test func aStrangerCannotFollowAPrivateGameOnTheSocket() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let mallory = try await server.player("mallory")
            let game = try await bob.join(try await alice.createGame(side: .x, listed: false).id)
            let live = try await mallory.connect(following: [.game(game.id)])
            let refused = try await live.updates { if case .subscriptionRefused = $0 { true } else { false } }
            guard case .subscriptionRefused(_, let error) = refused.last else { throw TimedOut(seconds: 0) }
            #expect(error.code == .gameNotFound)
            await live.close()
        }
    }

    @Test func aStrangerWhoFollowedAnOpenUnlistedGameStopsHearingItWhenItStarts() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let mallory = try await server.player("mallory")
            let open = try await alice.createGame(side: .x, listed: false)
            let live = try await mallory.connect(following: [.game(open.id)])
            _ = try await live.updates { if case .snapshot = $0 { true } else { false } }

            let game = try await bob.join(open.id)
            let dropped = try await live.updates { if case .subscriptionRefused = $0 { true } else { false } }
            guard case .subscriptionRefused(let topic, let error) = dropped.last else { throw TimedOut(seconds: 0) }
            #expect(topic == .game(game.id) && error.code == .gameNotFound)
            #expect(!dropped.contains { if case .event(_, _, .playerJoined) = $0 { true } else { false } },
                    "the stranger is not told who joined: \(dropped)")

            // Nothing more of the game reaches the stranger, while its players play on.
            let players = try await alice.connect(following: [.game(game.id)])
            _ = try await players.updates { if case .snapshot = $0 { true } else { false } }
            _ = try await alice.move(4, in: game)
            _ = try await players.events(until: .movePlayed, on: .game(game.id))
            let probe = try await mallory.createGame(side: .x)
            await live.subscribe(.game(probe.id))
            let after = try await live.updates { if case .snapshot(.game(probe.id), _, _) = $0 { true } else { false } }
            #expect(!after.contains { if case .event(.game(game.id), _, _) = $0 { true } else { false } }, "\(after)")
            await players.close()
            await live.close()
        }
    }
}
