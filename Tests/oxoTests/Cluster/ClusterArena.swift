import Foundation
import OXOClient
import OXOProtocol
import Testing

/// An arena on the three nodes: every node's timer tries to pair it, the row lock lets one
/// at a time, and killing the node that has been pairing leaves the others to go on
/// (`ClusterTests.anArenaWithPlayersOnEveryNodeIsPairedOnWhenThePairingNodeIsKilled`).
enum ArenaOnCluster {
    static func play(on cluster: Cluster) async throws {
        var players: [(client: OXOClient, id: UserID, follower: Follower)] = []
        for index in 0..<12 {
            let client = try await Load.register("arena\(index)", on: cluster)
            let id = try #require(await client.user?.id)
            // An arena pairs players who are online: each has a socket, through nginx to any node.
            players.append((client, id, try await Follower(client, following: [.user(id)])))
        }
        for player in players { #expect(await player.follower.waitFor { $0.inboxSnapshot }) }
        #expect(Set(players.flatMap { cluster.nodesHoldingSockets(of: $0.id) }) == [0, 1, 2], "players on every node")

        let arena = try await players[0].client.createTournament(CreateTournamentRequest(
            kind: .arena, name: "Three-node arena", timeControl: .clock(minutes: 3, increment: 0),
            startsAt: Date().addingTimeInterval(3), durationMinutes: 20))
        for player in players { _ = try await player.client.joinTournament(arena.id) }

        // Each game ends as soon as its X sees it: X resigns, so waves follow each other.
        let roster = players
        let playing = Task {
            await withTaskGroup(of: Void.self) { group in
                for player in roster {
                    group.addTask {
                        while !Task.isCancelled {
                            if let game = try? await player.client.nextTournamentGame(in: arena.id), game.phase == .live,
                               game.x?.player?.id == player.id {
                                _ = try? await player.client.resign(game.id)
                            }
                            try? await Task.sleep(for: .milliseconds(200))
                        }
                    }
                }
            }
        }
        defer { playing.cancel() }

        try await waitForFinishedGames(18, of: arena.id, on: cluster)
        let waves = cluster.nodes.map { $0.output.count(of: "tournament_games=") }
        let pairing = try #require(waves.indices.max { waves[$0] < waves[$1] })
        #expect(waves[pairing] > 0)
        cluster.kill(pairing)
        print("cluster: node \(pairing + 1) killed after pairing \(waves[pairing]) of the waves (\(waves))")
        let before = try await finishedGames(of: arena.id, on: cluster)
        try await waitForFinishedGames(before + 18, of: arena.id, on: cluster, seconds: 60)
        let after = cluster.nodes.indices.filter { $0 != pairing }.map { cluster.nodes[$0].output.count(of: "tournament_games=") }
        print("cluster: \(try await finishedGames(of: arena.id, on: cluster) - before) games finished after the kill; waves by node alive \(after)")
        #expect(after.reduce(0, +) > waves.indices.filter { $0 != pairing }.map { waves[$0] }.reduce(0, +),
                "a node left alive paired the waves after the kill")
        playing.cancel()
        _ = await playing.value

        // Nobody was ever in two games of the arena at once, no game is listed twice, and
        // every finished game counts once: a win for one player and a loss for the other.
        let overlapping = try await cluster.query("""
            SELECT count(*) FROM tournament_games a JOIN tournament_games b
              ON a.tournament_id = b.tournament_id AND a.game_id < b.game_id
              AND (a.x_id IN (b.x_id, b.o_id) OR a.o_id IN (b.x_id, b.o_id))
            JOIN games ga ON ga.id = a.game_id JOIN games gb ON gb.id = b.game_id
            WHERE a.tournament_id = '\(arena.id)'
              AND ga.created_at < (CASE WHEN gb.phase = 'finished' THEN gb.updated_at ELSE 'infinity' END)
              AND gb.created_at < (CASE WHEN ga.phase = 'finished' THEN ga.updated_at ELSE 'infinity' END)
            """)
        #expect(overlapping == "0", "pairs of one player's games that overlap")
        let duplicates = try await cluster.query(
            "SELECT count(*) - count(DISTINCT game_id) FROM tournament_games WHERE tournament_id = '\(arena.id)'")
        #expect(duplicates == "0")
        let finished = try await finishedGames(of: arena.id, on: cluster)
        let standings = try await players[1].client.standings(of: arena.id)
        #expect(standings.map(\.wins).reduce(0, +) == finished && standings.map(\.losses).reduce(0, +) == finished,
                "\(finished) games finished; standings \(standings.map { ($0.wins, $0.losses) })")
        for player in players { await player.follower.close() }
    }

    /// The arena's games that have ended, counted in the database.
    private static func finishedGames(of arena: TournamentID, on cluster: Cluster) async throws -> Int {
        let count = try await cluster.query("""
            SELECT count(*) FROM tournament_games t JOIN games g ON g.id = t.game_id
            WHERE t.tournament_id = '\(arena)' AND g.phase = 'finished'
            """)
        return Int(count) ?? 0
    }

    private static func waitForFinishedGames(_ count: Int, of arena: TournamentID, on cluster: Cluster,
                                             seconds: Double = 60) async throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while try await finishedGames(of: arena, on: cluster) < count {
            guard ContinuousClock.now < deadline else { throw TooFewGames(count: count, seconds: seconds) }
            try await Task.sleep(for: .milliseconds(250))
        }
    }
}

struct TooFewGames: Error, CustomStringConvertible {
    let count: Int
    let seconds: Double
    var description: String { "fewer than \(count) games of the arena finished within \(seconds) s" }
}

extension String {
    /// How many times `part` occurs.
    func count(of part: String) -> Int {
        components(separatedBy: part).count - 1
    }
}
