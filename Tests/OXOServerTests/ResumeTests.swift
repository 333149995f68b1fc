import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Dropped sockets and restarted servers lose nothing")
struct ResumeTests {
    static let waitForSnapshot: @Sendable (RealtimeUpdate) -> Bool = { if case .snapshot = $0 { true } else { false } }

    /// Alice, whose traffic passes through a proxy the test can take down, plays X against
    /// Bob and follows their game.
    static func aliceBehindAProxy(playing server: TestServer) async throws
        -> (CuttableProxy, OXOClient, OXOClient, RealtimeConnection, GameView)
    {
        let proxy = try await CuttableProxy.start(to: server.port)
        let alice = try await server.player("alice", port: proxy.port), bob = try await server.player("bob")
        let game = try await bob.join(try await alice.createGame(side: .x).id)
        let live = try await alice.connect(following: [.game(game.id)])
        _ = try await live.updates(until: waitForSnapshot)
        return (proxy, alice, bob, live, game)
    }

    @Test func aClientThatDropsGetsExactlyTheEventsItMissed() async throws {
        try await withServer { server in
            let (proxy, alice, bob, live, started) = try await Self.aliceBehindAProxy(playing: server)
            var game = started
            let topic = Topic.game(game.id)
            game = try await alice.move(4, in: game)
            game = try await bob.move(0, in: game)
            let seen = try await live.events(until: .movePlayed, on: topic) + live.events(until: .movePlayed, on: topic)
            let lastSeen = seen.events(on: topic).last!.seq

            await proxy.goDown()
            // While Alice's socket is away, she moves from another device and Bob answers.
            let otherDevice = try await OXOClient.login("alice", password: "password-alice", at: URL(string: server.baseURL)!)
            game = try await otherDevice.move(8, in: game)
            game = try await bob.move(2, in: game)
            proxy.comeBack()
            let afterCut = try await live.updates {
                if case .event(topic, _, let event) = $0 { return event.game?.moves.count == 4 }
                return false
            }
            #expect(afterCut.contains { if case .reconnecting = $0 { true } else { false } })
            #expect(afterCut.contains { if case .connected = $0 { true } else { false } })
            #expect(!afterCut.contains { if case .snapshot = $0 { true } else { false } }, "the missed events, not a snapshot")
            let missed = afterCut.events(on: topic)
            #expect(missed.map(\.seq) == Array(lastSeen + 1 ... lastSeen + missed.count), "each missed event once, in order")
            #expect(missed.filter { $0.event.kind == .movePlayed }.map { $0.event.game?.moves.count } == [3, 4])
            await live.close()
            await proxy.stop()
        }
    }

    @Test func theGameGoesOnAfterTheServerIsStoppedAndStarted() async throws {
        var server = try await TestServer.start()
        do {
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            let topic = Topic.game(game.id)
            let live = try await bob.connect(following: [topic])
            _ = try await live.updates(until: Self.waitForSnapshot)
            game = try await alice.move(4, in: game)
            let seq = try await live.events(until: .movePlayed, on: topic).events(on: topic).last!.seq

            server = try await server.restarted()

            // The acknowledged move survived; the socket comes back to a snapshot (the events
            // the last process kept went with it), numbered above the last event it had; the
            // game goes on from there.
            let reconnected = try await live.updates(until: Self.waitForSnapshot)
            #expect(reconnected.contains { if case .connected = $0 { true } else { false } })
            guard case .snapshot(topic, let restartedAt, .game(let state))? = reconnected.last else {
                throw APIError(.internalError, "no snapshot of the game after the restart")
            }
            #expect(restartedAt > seq)
            #expect(state.moves.map(\.cell) == [4])
            #expect(try await bob.game(game.id).moves.map(\.cell) == [4])
            game = try await bob.move(0, in: game)
            let next = try await live.events(until: .movePlayed, on: topic).events(on: topic)
            #expect(next.map(\.seq) == Array(restartedAt + 1 ... restartedAt + next.count), "nothing lost, nothing twice")
            #expect(next.map(\.event.kind).filter { $0 != .playerLeft && $0 != .playerReturned } == [.movePlayed],
                    "besides Bob's socket coming back")
            game = try await alice.move(8, in: game)
            #expect(game.moves.map(\.cell) == [4, 0, 8])
            #expect(game.turn == .o)
            await live.close()
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    @Test func aClientTooFarBehindGetsASnapshot() async throws {
        try await withServer(adjust: { $0.resumeLimit = 2 }) { server in
            let (proxy, alice, bob, live, started) = try await Self.aliceBehindAProxy(playing: server)
            var game = started
            let topic = Topic.game(game.id)
            await proxy.goDown()
            let otherDevice = try await OXOClient.login("alice", password: "password-alice", at: URL(string: server.baseURL)!)
            for (index, cell) in [4, 0, 8, 2].enumerated() {
                game = index % 2 == 0 ? try await otherDevice.move(cell, in: game) : try await bob.move(cell, in: game)
            }
            proxy.comeBack()
            let caughtUp = try await live.updates {
                if case .snapshot(topic, _, let snapshot) = $0 { return snapshot.game?.moves.count == 4 }
                return false
            }
            guard case .snapshot(_, let seq, let snapshot) = caughtUp.last else { return }
            #expect(snapshot.game?.moves == game.moves)
            #expect(snapshot.game?.away?.map(\.mark) == [.o], "she is back; Bob, who never had a client, is away")
            game = try await bob.resign(game.id)
            let next = try await live.events(until: .gameFinished, on: topic).events(on: topic)
            #expect(next.map(\.seq) == [seq + 1], "events go on from the snapshot's number")
            await live.close()
            await proxy.stop()
        }
    }
}
