import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Who is online")
struct PresenceTests {
    @Test func aPlayerIsOnlineWhileAnyOfTheirClientsIsConnected() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let watching = try await bob.goOnline(following: [.presence])
            let firstTab = try await alice.goOnline(), secondTab = try await alice.goOnline()
            let online = try await bob.onlinePlayers().players
            #expect(online.map(\.player.username) == ["alice", "bob"], "two tabs are one player")
            #expect(online.allSatisfy { $0.status == .lobby })

            await firstTab.close()
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await bob.onlinePlayers().players.map(\.player.username) == ["alice", "bob"], "one tab is still open")

            await secondTab.close()
            let gone = try await watching.event(on: .presence) { $0.presence?.status == .offline }
            #expect(gone.presence?.player.username == "alice")
            #expect(try await bob.onlinePlayers().players.map(\.player.username) == ["bob"])
            await watching.close()
        }
    }

    @Test func theStatusFollowsWhatThePlayerDoes() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            let sockets = [try await alice.goOnline(), try await bob.goOnline(), try await carol.goOnline(following: [.presence])]
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let watching = try await carol.connect(following: [.game(game.id)])
            _ = try await sockets[2].event(on: .presence) { $0.presence?.player.username == "carol" && $0.presence?.status == .watching }

            let status = try await statuses(of: carol)
            #expect(status == ["alice": .playing, "bob": .playing, "carol": .watching])
            _ = try await bob.resign(game.id)
            await watching.close()
            _ = try await sockets[2].event(on: .presence) { $0.presence?.player.username == "carol" && $0.presence?.status == .lobby }
            #expect(try await statuses(of: carol) == ["alice": .lobby, "bob": .lobby, "carol": .lobby])
            for socket in sockets { await socket.close() }
        }
    }

    @Test func aWatcherCountsWhileFollowingTheGameAndItsPlayersNever() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let players = try await alice.connect(following: [.game(game.id)])
            _ = try await players.updates { if case .snapshot(.game, _, _) = $0 { true } else { false } }
            let watchers = { @Sendable (count: Int) in { @Sendable (event: TopicEvent) in event.game?.watchers == count } }

            let watching = try await carol.connect(following: [.game(game.id)])
            _ = try await players.event(on: .game(game.id), where: watchers(1))
            await watching.unsubscribe(.game(game.id))
            _ = try await players.event(on: .game(game.id), where: watchers(0))
            await watching.subscribe(.game(game.id))
            _ = try await players.event(on: .game(game.id), where: watchers(1))
            await watching.close()
            _ = try await players.event(on: .game(game.id), where: watchers(0))

            // Bob follows his own game: a socket handles its subscriptions in order, so
            // once the next one's snapshot comes, the game's is done, and he is no watcher.
            let bobs = try await bob.connect(following: [.game(game.id), .presence])
            _ = try await bobs.updates { if case .snapshot(.presence, _, _) = $0 { true } else { false } }
            _ = try await alice.move(game: game.id, cell: 4, moveNumber: 1)
            let moved = try await players.event(on: .game(game.id)) { $0.kind == .movePlayed }
            #expect(moved.game?.watchers == 0)
            await bobs.close()
            await players.close()
        }
    }

    @Test func aPlayerWaitingForPlayRandomShowsAsWaitingUntilPaired() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            let sockets = [try await alice.goOnline(), try await bob.goOnline(), try await carol.goOnline(following: [.presence])]
            let alices = { @Sendable (status: PresenceStatus) in
                { @Sendable (event: TopicEvent) in event.presence?.player.username == "alice" && event.presence?.status == status }
            }

            _ = try await alice.playRandom()
            _ = try await sockets[2].event(on: .presence, where: alices(.waiting))
            #expect(try await statuses(of: carol) == ["alice": .waiting, "bob": .lobby, "carol": .lobby])
            _ = try await alice.leaveMatchmaking()
            _ = try await sockets[2].event(on: .presence, where: alices(.lobby))
            #expect(try await statuses(of: carol) == ["alice": .lobby, "bob": .lobby, "carol": .lobby])

            _ = try await alice.playRandom()
            _ = try await sockets[2].event(on: .presence, where: alices(.waiting))
            _ = try await bob.playRandom()
            _ = try await sockets[2].event(on: .presence, where: alices(.playing))
            #expect(try await statuses(of: carol) == ["alice": .playing, "bob": .playing, "carol": .lobby])
            for socket in sockets { await socket.close() }
        }
    }

    @Test func thePresenceTopicStartsWithEveryoneOnline() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceOnline = try await alice.goOnline()
            let live = try await bob.connect(following: [.presence])
            let updates = try await live.updates { if case .snapshot(.presence, _, _) = $0 { true } else { false } }
            guard case .snapshot(_, _, let snapshot) = updates.last else { return }
            #expect(snapshot.online?.map(\.player.username) == ["alice", "bob"])
            await live.close()
            await aliceOnline.close()
        }
    }

    private func statuses(of client: OXOClient) async throws -> [String: PresenceStatus] {
        Dictionary(uniqueKeysWithValues: try await client.onlinePlayers().players.map { ($0.player.username, $0.status) })
    }
}
