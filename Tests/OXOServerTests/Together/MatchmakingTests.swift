import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Play random")
struct MatchmakingTests {
    @Test func twentyPlayersPressingPlayRandomAtOnceArePairedIntoExactlyTenGames() async throws {
        try await withServer { server in
            var players: [(client: OXOClient, live: RealtimeConnection)] = []
            for index in 0..<20 {
                let client = try await server.player("player\(index)")
                players.append((client, try await client.goOnline()))
            }
            let answers = await concurrently(players) { try await $0.client.playRandom() }
            var gameOf: [Int: GameID] = [:]
            for (index, answer) in answers.enumerated() {
                let status = try answer.get()
                if status.state == .matched {
                    gameOf[index] = try #require(status.game?.id)
                } else {
                    #expect(status.state == .waiting)
                    // Paired later by someone else: told in the inbox.
                    let inbox = try await players[index].client.inboxTopic()
                    let started = try await players[index].live.event(on: inbox) { $0.kind == .gameStarted }
                    gameOf[index] = try #require(started.game?.id)
                }
            }
            #expect(Set(gameOf.values).count == 10)
            for game in Set(gameOf.values) {
                // Paired games are unlisted: only their two players see them.
                let player = try #require(gameOf.first { $0.value == game }?.key)
                let view = try await players[player].client.game(game)
                let seated = [view.x?.player?.id, view.o?.player?.id].compactMap { $0 }
                #expect(Set(seated).count == 2, "two different players, never one against themselves")
                #expect(view.phase == .live)
            }
            #expect(Dictionary(grouping: gameOf.values, by: { $0 }).values.allSatisfy { $0.count == 2 })
            for player in players { await player.live.close() }
            #expect(try await server.count("match_queue") == 0)
        }
    }

    @Test func aSeekerIsSeatedInAnOpenListedGameOfSomeoneOnline() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            _ = try await carol.createGame(side: .x)  // carol has no client open: not a game to wait in
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            let open = try await alice.createGame(side: .o)

            let status = try await bob.playRandom()
            #expect(status.state == .matched)
            #expect(status.game?.id == open.id)
            #expect(status.game?.x?.player?.username == "bob")
            await aliceLive.close()
            await bobLive.close()
        }
    }

    @Test func aWaitingPlayerIsNeverPairedWithThemselvesAndCanLeaveTheQueue() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            _ = try await alice.createGame(side: .x)  // her own open game is not for her
            let first = try await alice.playRandom()
            #expect(first.state == .waiting)
            #expect(try await alice.playRandom() == first, "pressing again keeps the place")
            #expect(try await alice.matchmakingStatus().state == .waiting)

            #expect(try await alice.leaveMatchmaking().state == .idle)
            #expect(try await alice.matchmakingStatus().state == .idle)
            let second = try await bob.playRandom()
            #expect(second.state == .matched, "bob takes alice's open game")
            #expect(try await bob.playRandom().state == .waiting, "and then waits, alone")
            await aliceLive.close()
            await bobLive.close()
        }
    }

    @Test func aWaitingPlayerWhoseLastClientGoesLeavesTheQueue() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            #expect(try await alice.playRandom().state == .waiting)
            await aliceLive.close()
            try await within {
                while try await server.count("match_queue") > 0 { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(try await bob.playRandom().state == .waiting, "nobody left to be paired with")
            await bobLive.close()
        }
    }
}
