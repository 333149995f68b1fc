import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OXOClient
import OXOProtocol
import Testing

/// A node that reads the leaderboard and other players' profiles from the Patroni pair's
/// standby (`--standby-database-url`, through HAProxy's standby port): how long a finished
/// game takes to show there (the staleness), the lag `/metrics` reports, and the reads going
/// on from the primary once the standby is killed. Runs where `FailoverTests` runs, on a
/// fresh pair (the standby is left dead).
@Suite("Reads from a Patroni standby", .serialized, .timeLimit(.minutes(5)),
       .enabled(if: Patroni.missing == nil && Patroni.standbyURL != nil, "\(Patroni.missing ?? "the pair's env has no PATRONI_STANDBY_URL")"))
struct StandbyReadsOnPatroniTests {
    @Test func aFinishedGameShowsOnTheStandbyWithinMillisecondsAndItsDeathCostsNoRead() async throws {
        let database = try await Cluster.createDatabase()
        // The same database, on the standby's port.
        var standby = try #require(URLComponents(string: database))
        let standbyPort = try #require(URLComponents(string: Patroni.standbyURL!)?.port)
        standby.port = standbyPort
        let node = try await ServeProcess(databaseURL: database, options: ["--standby-database-url", standby.string!])
        do {
            try await play(on: node)
        } catch {
            node.stop()
            await Cluster.dropDatabase(database)
            throw error
        }
        node.stop()
        await Cluster.dropDatabase(database)
    }

    private func play(on node: ServeProcess) async throws {
        let url = URL(string: node.url)!
        let alice = try await OXOClient.register(username: "alice", email: "alice@example.org", password: "password-alice", at: url)
        let bob = try await OXOClient.register(username: "bob", email: "bob@example.org", password: "password-bob", at: url)
        let aliceID = try #require(await alice.user?.id)

        // Each game Alice wins, then Bob's view of her profile (from the standby) until it counts it.
        var delays: [Duration] = []
        for won in 1...20 {
            var game = try await alice.createGame(side: .x)
            game = try await bob.join(game.id)
            for (mover, cell) in [(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)] {
                game = try await mover.move(cell, in: game)
            }
            #expect(game.phase == .finished)
            let finished = ContinuousClock.now
            while try await bob.profile(of: aliceID).record.won < won {
                #expect(ContinuousClock.now - finished < .seconds(5), "a finished game shows on the standby within 5 s")
                try await Task.sleep(for: .milliseconds(2))
            }
            delays.append(ContinuousClock.now - finished)
        }
        let sorted = delays.sorted()
        say("standby reads: a finished game showed on the standby after median \(sorted[sorted.count / 2]), at most \(sorted.last!)")

        let metrics = try await Self.metrics(of: node)
        let lag = metrics.split(separator: "\n").first { $0.hasPrefix("oxo_database_standby_lag_seconds ") }
        #expect(lag != nil, "the standby's lag is reported")
        say("standby reads: /metrics says \(lag ?? "nothing")")

        // The standby dies: the same reads are answered from the primary.
        try await Patroni.run("kill-standby")
        let killed = ContinuousClock.now
        for _ in 0..<10 {
            #expect(try await bob.profile(of: aliceID).record.won == 20)
            _ = try await bob.leaderboard()
        }
        let fellBack = try await Self.metrics(of: node).split(separator: "\n")
            .first { $0.hasPrefix("oxo_standby_reads_fell_back_total ") }
        say("standby reads: standby killed; 20 reads answered in \(ContinuousClock.now - killed); \(fellBack ?? "no fallback counted")")
        #expect(fellBack.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0 > 0, "the reads went to the primary")
    }

    private static func metrics(of node: ServeProcess) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: URL(string: node.url + "/metrics")!)
        return String(decoding: data, as: UTF8.self)
    }
}
