import Foundation
import OXOClient
import OXOProtocol
import Testing

/// *Play random* for games of one time control: players are paired only with a game or a
/// player waiting for the same control, and the game made has it.
@Suite("Play random with a time control")
struct MatchmakingTimeControlTests {
    @Test func seekersOfDifferentClocksWaitApartAndEqualOnesArePaired() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), carol = try await server.player("carol")
            let online = [try await alice.goOnline(), try await bob.goOnline(), try await carol.goOnline()]
            let blitz = TimeControl.clock(minutes: 3, increment: 2)

            let waiting = try await alice.playRandom(timeControl: blitz)
            #expect(waiting.state == .waiting && waiting.timeControl == blitz)
            #expect(try await alice.matchmakingStatus().timeControl == blitz, "what she waits for")
            #expect(try await bob.playRandom(timeControl: .clock(minutes: 1, increment: 0)).state == .waiting, "another clock")
            #expect(try await carol.playRandom().state == .waiting, "casual: no clock at all")
            #expect(try await carol.matchmakingStatus().timeControl == .casual)

            let paired = try await carol.playRandom(timeControl: blitz)
            #expect(paired.state == .matched, "carol changes her mind to alice's clock and meets her")
            let game = try #require(paired.game)
            #expect(game.timeControl == blitz && game.clock?.xMs == 180_000)
            #expect(Set([game.x?.player?.username, game.o?.player?.username]) == ["alice", "carol"])
            #expect(try await alice.matchmakingStatus().state == .idle)
            #expect(try await bob.matchmakingStatus().state == .waiting, "bob still waits for his 1+0")
            for live in online { await live.close() }
        }
    }

    @Test func aSeekerTakesOnlyAnOpenGameOfTheirControl() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let online = [try await alice.goOnline(), try await bob.goOnline()]
            let daily = TimeControl.correspondence(days: 1)
            let open = try await alice.createGame(side: .o, timeControl: daily)
            #expect(try await bob.playRandom().state == .waiting, "a casual seeker leaves a correspondence game alone")
            let status = try await bob.playRandom(timeControl: daily)
            #expect(status.state == .matched && status.game?.id == open.id && status.game?.timeControl == daily)
            for live in online { await live.close() }
        }
    }

    @Test func twentyRacingSeekersOfOneClockArePairedExactlyOnceEach() async throws {
        try await withServer { server in
            var players: [(client: OXOClient, live: RealtimeConnection)] = []
            for index in 0..<20 {
                let client = try await server.player("player\(index)")
                players.append((client, try await client.goOnline()))
            }
            let bullet = TimeControl.clock(minutes: 1, increment: 0)
            let answers = await concurrently(players) { try await $0.client.playRandom(timeControl: bullet) }
            var gameOf: [Int: GameView] = [:]
            for (index, answer) in answers.enumerated() {
                let status = try answer.get()
                if status.state == .matched {
                    gameOf[index] = try #require(status.game)
                } else {
                    #expect(status.state == .waiting && status.timeControl == bullet)
                    let inbox = try await players[index].client.inboxTopic()
                    let started = try await players[index].live.event(on: inbox) { $0.kind == .gameStarted }
                    gameOf[index] = try #require(started.game)
                }
            }
            let games = Dictionary(grouping: gameOf.values, by: \.id)
            #expect(games.count == 10)
            #expect(games.values.allSatisfy { $0.count == 2 }, "each player in one game, each game two players")
            for (_, views) in games {
                let game = try #require(views.first)
                #expect(game.timeControl == bullet)
                #expect(Set([game.x?.player?.id, game.o?.player?.id].compactMap { $0 }).count == 2)
            }
            for player in players { await player.live.close() }
            #expect(try await server.count("match_queue") == 0)
        }
    }

    @Test func theBodyIsOptionalAndAControlOutOfBoundsIsRefused() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await server.player("alice")
            let online = try await alice.goOnline()
            let token = await alice.token
            let empty = try await api.send(.POST, "/v1/matchmaking", token: token, body: "{}")
            #expect(empty.status == 200 && String(decoding: empty.body, as: UTF8.self).contains(#""kind":"casual""#))
            #expect(try await api.send(.DELETE, "/v1/matchmaking", token: token).status == 200)
            let clocked = try await api.send(.POST, "/v1/matchmaking", token: token,
                                             body: #"{"time_control":{"kind":"clock","initial_seconds":60,"increment_seconds":0}}"#)
            #expect(clocked.status == 200)
            #expect(try await api.send(.GET, "/v1/matchmaking", token: token).status == 200)
            expectRefused(try await api.send(.POST, "/v1/matchmaking", token: token,
                                             body: #"{"time_control":{"kind":"clock","initial_seconds":5}}"#), 400, .invalidTimeControl)
            expectRefused(try await api.send(.POST, "/v1/matchmaking", token: token,
                                             body: #"{"time_control":{"kind":"correspondence","days_per_move":2}}"#), 400, .invalidTimeControl)
            expectRefused(try await api.send(.POST, "/v1/matchmaking", token: token, body: #"{"time_control":"3+2"}"#),
                          400, .invalidRequest)
            #expect(try await alice.matchmakingStatus().timeControl == .clock(minutes: 1, increment: 0), "a refusal leaves the wait as it was")
            await online.close()
        }
    }
}
