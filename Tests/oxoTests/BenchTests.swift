import Foundation
import Testing

/// Every `oxo bench` scenario, run for a few seconds at most, at a tiny size, against the server
/// it starts itself, so the tool cannot rot. Nothing here asserts a timing: only that
/// each run works, reports, writes its files and passes its own checks.
@Suite("oxo bench: every scenario runs", .serialized)
struct BenchTests {
    static let tinyRuns: [(scenario: String, options: [String])] = [
        // Three seconds for the games: in a loaded run, a server given a tenth of a core
        // once made no move in one.
        ("games", ["--games", "3", "--duration", "3"]),
        ("echo", ["--games", "3", "--duration", "1"]),
        // Two source addresses, so spreading sockets over 127.0.0.x is exercised too
        // (Linux answers on all of 127.0.0.0/8).
        ("sockets", ["--sockets", "10", "--duration", "1", "--source-addresses", "2"]),
        ("join-storm", ["--joiners", "5", "--rounds", "2"]),
        ("auth", ["--duration", "1", "--concurrency", "2", "--bcrypt-cost", "4"]),
        ("reconnect", ["--sockets", "10"]),
        ("catalogue", ["--titles", "200", "--duration", "1", "--concurrency", "2"]),
        ("chat", ["--rooms", "2", "--watchers", "3", "--rate", "5", "--duration", "1"]),
    ]

    @Test(arguments: tinyRuns.map(\.scenario))
    func aTinyRunPassesAndWritesItsTableJSONAndChart(scenario: String) async throws {
        let options = try #require(Self.tinyRuns.first { $0.scenario == scenario }).options
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-bench-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("result.json"), chart = folder.appendingPathComponent("chart.svg")

        let run = try await OXOProcess.run(["bench", scenario] + options + ["--json", json.path, "--chart", chart.path])

        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("oxo bench \(scenario)"), "\(run)")
        #expect(run.output.hasSuffix("passed\n"), "\(run)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect(report["scenario"] as? String == scenario)
        #expect((report["figures"] as? [[String: Any]])?.isEmpty == false)
        #expect((report["errors"] as? [String: Int])?.isEmpty == true)
        if scenario == "sockets" {
            // Idle sockets have no latency to draw; their figure is memory.
            #expect(!FileManager.default.fileExists(atPath: chart.path))
            #expect(run.output.contains("server memory per socket"), "\(run)")
        } else {
            #expect(try String(contentsOf: chart, encoding: .utf8).hasPrefix("<svg"))
        }
    }

    @Test func aGamesRunAtHumanPaceSaysSoAndPasses() async throws {
        let run = try await OXOProcess.run(["bench", "games", "--pace", "--think", "20", "--games", "3", "--duration", "1"])
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("at human pace: a move every 20 ms on average, exponential gaps"), "\(run)")
        #expect(run.output.hasSuffix("passed\n"), "\(run)")
        #expect(try await OXOProcess.run(["bench", "games", "--pace", "--think", "0"]).status != 0, "a pace needs a think time")
    }

    @Test func aGamesRunFollowingEachGamesTopicSaysSoAndPasses() async throws {
        let run = try await OXOProcess.run(["bench", "games", "--follow", "game", "--games", "3", "--duration", "1"])
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("each following its game's topic"), "\(run)")
        #expect(run.output.hasSuffix("passed\n"), "\(run)")
    }

    @Test func aGamesRunWithAClockPlaysClockedGamesAndPasses() async throws {
        let run = try await OXOProcess.run(["bench", "games", "--clock", "3+2", "--games", "3", "--duration", "1"])
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains(", with a 3+2 clock"), "\(run)")
        #expect(run.output.hasSuffix("passed\n"), "\(run)")
        #expect(try await OXOProcess.run(["bench", "games", "--clock", "three"]).status != 0, "a clock is minutes+seconds")
    }

    @Test func anEchoRunAgainstAServerWithoutTheEchoRouteFailsAndSaysWhy() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }

        let run = try await OXOProcess.run(["bench", "echo", "--url", server.url, "--games", "1", "--duration", "1"])

        #expect(run.status != 0, "\(run)")
        #expect(run.errors.contains("HTTP 404"), "\(run)")
    }

    @Test func aRunningServerIsDrivenAndMeasuredGivenItsURLAndProcessID() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }

        let run = try await OXOProcess.run(["bench", "games", "--url", server.url, "--server-pid", "\(server.pid)",
                                      "--games", "2", "--duration", "1"])

        // The server's own log goes with a failure: it is deleted with the server's folder.
        #expect(run.status == 0, "\(run)\nthe server's log:\n\(server.output.suffix(4_000))")
        #expect(run.output.contains("on the server at \(server.url)"), "\(run)")
        #expect(run.output.contains("server memory at the end"), "\(run)")
    }
}
