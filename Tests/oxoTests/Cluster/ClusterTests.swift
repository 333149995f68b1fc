import Foundation
import NIOConcurrencyHelpers
import OXOClient
import OXOProtocol
import Testing

/// Three `oxo serve` nodes on one PostgreSQL behind nginx (deploy/nginx/oxo.conf), driven
/// by 100 clients through nginx alone, as players would: games whose players sit on
/// different nodes with watchers on a third, chat across nodes, a node killed mid-game,
/// Play random and challenges pairing across nodes, and a rolling restart under load.
/// Nothing acknowledged may be lost: every move and chat message a client was answered is
/// stored, and every player and watcher ends up having seen it. Runs when
/// OXO_TEST_DATABASE_URL and OXO_TEST_NGINX are set (.ci/run sets both).
@Suite("Three nodes behind nginx", .serialized, .timeLimit(.minutes(5)),
       .enabled(if: Cluster.missing == nil, "set OXO_TEST_DATABASE_URL=postgres://… and OXO_TEST_NGINX=/usr/sbin/nginx (and have psql) to run the three-node tests"))
struct ClusterTests {
    @Test func gamesWatchersAndChatAcrossNodesLoseNothingWhenANodeIsKilledMidGame() async throws {
        try await Cluster.underLoad(pairs: 40, watchers: 20, pause: .milliseconds(150)) { cluster, load in
            try await load.waitForMoves(80)
            cluster.kill(1)
            let killed = ContinuousClock.now
            try await load.finish()
            print("cluster: node 2 killed; \(load.summary); the games ended \(ContinuousClock.now - killed) after the kill")

            #expect(load.gamesWithPlayersOnTwoNodesAndAWatcherOnTheThird(cluster) > 0)
            #expect(load.followersThatReconnected > 0, "clients of the killed node reconnected through nginx")
            try await load.expectNothingLost()
        }
    }

    @Test func playRandomAndChallengesAcrossNodesPairEachPlayerExactlyOnce() async throws {
        let cluster = try await Cluster()
        var registered: [OXOClient] = []
        var followers: [Follower] = []
        for index in 0..<40 {
            let client = try await Load.register("random\(index)", on: cluster)
            registered.append(client)
            followers.append(try await Follower(client, following: [.user(try #require(await client.user?.id))]))
        }
        let clients = registered
        for follower in followers { #expect(await follower.waitFor { $0.inboxSnapshot }) }

        // Thirty press Play random at once; round robin sends the presses to all three nodes.
        let random = Array(0..<30)
        let answers = await withTaskGroup(of: (Int, GameID?).self) { group in
            for index in random { group.addTask { (index, try? await clients[index].playRandom().game?.id) } }
            return await group.reduce(into: [Int: GameID]()) { $0[$1.0] = $1.1 }
        }
        var gameOf: [Int: GameID] = [:]
        for index in random {
            if let game = answers[index] ?? nil {
                gameOf[index] = game
            } else if await followers[index].waitFor({ !$0.startedGames.isEmpty }) {
                gameOf[index] = followers[index].now.startedGames.first
            }
        }
        #expect(gameOf.count == random.count, "every player pressing Play random got a game")
        #expect(Dictionary(grouping: gameOf.values, by: { $0 }).values.map(\.count).sorted() == Array(repeating: 2, count: 15),
                "fifteen games of two")

        // Five challenges, each accepted twice at once (two nodes): one game each.
        let challengers = Array(30..<35), challenged = Array(35..<40)
        for (challenger, target) in zip(challengers, challenged) {
            let challenge = try await clients[challenger].challenge(try #require(await clients[target].user?.id))
            _ = await withTaskGroup(of: Void.self) { group in
                for _ in 0..<2 { group.addTask { _ = try? await clients[target].accept(challenge.id) } }
            }
        }
        for index in challengers + challenged {
            let games = try await clients[index].myGames().games.filter { $0.phase == .live }
            #expect(games.count == 1, "player \(index) is in exactly one game from the challenge")
        }
        for follower in followers { await follower.close() }
        await cluster.stop()
    }

    @Test func aRollingRestartOfAllThreeUnderLoadLosesNothing() async throws {
        try await Cluster.underLoad(pairs: 20, watchers: 10, pause: .milliseconds(100), gamesEach: 1000) { cluster, load in
            try await load.waitForMoves(40)
            for node in 0..<3 {
                let before = load.movesAcknowledged
                let (status, seconds) = try await cluster.restart(node)
                #expect(status == 0, "node \(node + 1) exits 0 after SIGTERM")
                // Within --shutdown-timeout (5), and the moment it takes to be reaped.
                #expect(seconds < 6, "node \(node + 1) stops within --shutdown-timeout")
                print("cluster: node \(node + 1) stopped in \(String(format: "%.2f", seconds)) s and started again")
                try await load.waitForMoves(before + 40)
            }
            load.stopAfterTheseGames()
            try await load.finish()
            print("cluster: rolling restart; \(load.summary)")
            #expect(load.restartReconnects > 0, "sockets closed with 1012 reconnected without waiting")
            try await load.expectNothingLost()
        }
    }
}
