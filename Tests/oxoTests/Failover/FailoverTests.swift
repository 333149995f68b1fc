import Foundation
import OXOClient
import OXOProtocol
import Testing

/// Three `oxo serve` nodes behind nginx on a PostgreSQL primary and its synchronous standby
/// kept by Patroni, reached through HAProxy (.ci/patroni.sh starts them; deploy/patroni/ has
/// the operator's files). A hundred clients play while the primary's machine is killed
/// (`kill -9` of its Patroni and its postmaster): within a bound every pair plays again,
/// and nothing acknowledged is lost; the old primary comes back as the standby. Then the
/// standby is killed, and then the replication between them is cut: writes go on, as the
/// chosen policy (Patroni's synchronous mode, not strict) says.
///
/// Runs when OXO_TEST_PATRONI_DIR names the folder of a pair `.ci/patroni.sh` started,
/// OXO_TEST_DATABASE_URL is its HAProxy address (`PATRONI_URL`) and OXO_TEST_NGINX is set.
@Suite("A Patroni failover under three nodes", .serialized, .timeLimit(.minutes(10)),
       .enabled(if: Patroni.missing == nil, "\(Patroni.missing ?? "")"))
struct FailoverTests {
    /// From the kill until every pair had a move acknowledged again. Patroni's leader key
    /// lives 10 s, HAProxy checks every half second and clients wait up to 2 s between
    /// tries, so pairs play again some 10 s after the kill; each node's relay listens again
    /// about then and catches its sockets up where they are (`RelayCatchUp`), none closed.
    /// Measured 10.6–12.3 s for the last pair in six rounds, one with a whole `swift test`
    /// beside it (5 December); 14–34 s when the sockets were closed to resume.
    static let bound = Duration.seconds(15)

    @Test func aKilledPrimaryIsReplacedWithinTheBoundAndNothingAcknowledgedIsLost() async throws {
        try await Cluster.underLoad(pairs: 40, watchers: 20, pause: .milliseconds(150), gamesEach: 1000) { cluster, load in
            try await failOverUnder(load, cluster)
        }
    }

    private func failOverUnder(_ load: Load, _ cluster: Cluster) async throws {
        try await load.waitForMoves(80)

        // The primary's machine dies.
        let killed = try await Patroni.run("kill-primary")
        let killedAt = ContinuousClock.now
        let before = load.movesAcknowledged
        let took = try await load.everyPairMoved(after: killedAt, within: .seconds(60))
        #expect(took != nil, "every pair plays again after the primary's kill; still waiting:\n\(load.stuckPairs(since: killedAt))")
        if took.map({ $0 > Self.bound }) ?? true { say("failover: the nodes' logs are kept in \(try cluster.keepLogs().path)") }
        if let took {
            say("failover: primary \(killed) killed; every pair (\(load.pairs.count)) played again \(took) after the kill; "
                  + "\(load.movesAcknowledged - before) moves acknowledged since")
            #expect(took <= Self.bound, "every pair plays again within \(Self.bound) of the primary's kill, not \(took)")
        }
        say("failover: \(load.spread(after: killedAt)); sockets that reconnected: \(load.followersThatReconnected), "
              + "reconnects after a 1012: \(load.restartReconnects), after a drop or an unanswered move: \(load.droppedReconnects)")
        for (index, node) in cluster.nodes.enumerated() {
            let lines = node.output.split(separator: "\n")
            let unavailable = lines.filter { $0.contains("database unavailable") }
            say("failover: node \(index + 1): \(unavailable.count) answers database_unavailable, "
                  + "from \(unavailable.first?.prefix(25) ?? "-") to \(unavailable.last?.prefix(25) ?? "-"); "
                  + "\(lines.first { $0.contains("listening for other processes' events again") }?.prefix(200) ?? "the relay did not listen again")")
        }
        #expect(cluster.nodes.allSatisfy { $0.output.contains("listening for other processes' events again") },
                "every node's relay listens again on the new primary")

        // It comes back, as the new primary's standby (rewound if it went further).
        let rejoinStarted = ContinuousClock.now
        _ = try await Patroni.run("restart-node", killed)
        _ = try await Patroni.run("wait-standby", killed, "180")
        say("failover: \(killed) is the synchronous standby again \(ContinuousClock.now - rejoinStarted) after its start")

        // The standby's machine dies: the primary commits alone (synchronous mode, not strict).
        let standby = try await Patroni.run("kill-standby")
        let standbyKilledAt = ContinuousClock.now
        let alone = try await load.everyPairMoved(after: standbyKilledAt, within: .seconds(60))
        #expect(alone != nil, "every pair plays on with the standby killed; still waiting:\n\(load.stuckPairs(since: standbyKilledAt))")
        say("failover: standby \(standby) killed; every pair played again \(alone.map { "\($0)" } ?? "never") after; \(load.spread(after: standbyKilledAt))")
        #expect(try await Patroni.run("synchronous-standby-names").isEmpty, "the primary waits for no standby while it is away")
        _ = try await Patroni.run("restart-node", standby)
        _ = try await Patroni.run("wait-standby", standby, "180")

        // Replication is cut (the standby's WAL receiver frozen): commits wait until the
        // primary drops it (wal_sender_timeout, 5 s) and Patroni stops waiting for it.
        let cut = try await Patroni.run("cut-replication")
        let cutAt = ContinuousClock.now
        let afterCut = try await load.everyPairMoved(after: cutAt, within: .seconds(60))
        #expect(afterCut != nil, "every pair plays on with replication cut; still waiting:\n\(load.stuckPairs(since: cutAt))")
        say("failover: replication to \(cut) cut; every pair played again \(afterCut.map { "\($0)" } ?? "never") after; \(load.spread(after: cutAt))")
        _ = try await Patroni.run("heal-replication")
        _ = try await Patroni.run("wait-standby", cut, "180")

        load.stopAfterTheseGames()
        try await load.finish(within: .seconds(120))
        say("failover: \(load.summary)")
        // Read back through nginx from the primary there is now.
        try await load.expectNothingLost()
    }
}

/// A line of the test's progress, on standard error at once (standard output is kept until
/// the process ends, and a stuck run would show nothing).
func say(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The pair `.ci/patroni.sh` started, driven through the script's commands.
enum Patroni {
    static let environment = ProcessInfo.processInfo.environment
    static let folder = environment["OXO_TEST_PATRONI_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".ci/patroni.sh").path

    /// HAProxy's port for the standby (`PATRONI_STANDBY_URL` in the pair's env file).
    static var standbyURL: String? {
        guard let folder, let env = try? String(contentsOfFile: folder + "/env", encoding: .utf8) else { return nil }
        return env.split(separator: "\n").first { $0.hasPrefix("PATRONI_STANDBY_URL=") }.map { String($0.dropFirst(20)) }
    }

    static var missing: String? {
        guard let folder, FileManager.default.fileExists(atPath: folder + "/env") else {
            return "start a Patroni pair (bash .ci/patroni.sh start) and set OXO_TEST_PATRONI_DIR to its PATRONI_DIR, "
                + "OXO_TEST_DATABASE_URL to its PATRONI_URL and OXO_TEST_NGINX=/usr/sbin/nginx to run the failover test"
        }
        return Cluster.missing
    }

    /// Runs `bash .ci/patroni.sh COMMAND ARGUMENTS…` on the pair; its output, trimmed.
    @discardableResult
    static func run(_ arguments: String...) async throws -> String {
        var environment = environment
        environment["PATRONI_DIR"] = folder
        say("failover: .ci/patroni.sh \(arguments.joined(separator: " "))")
        let process = try ChildProcess("/bin/bash", [script] + arguments, environment: environment, output: .pipe,
                                       errors: .file(FileHandle.standardError))
        let output = await onOwnThread { process.pipes[1]!.readDataToEndOfFile() }
        let status = await onOwnThread { process.wait() }
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0 else { throw Failed(command: arguments.joined(separator: " "), status: status, output: text) }
        return text
    }

    struct Failed: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        let output: String
        var description: String { ".ci/patroni.sh \(command) failed (\(status)): \(output)" }
    }
}
