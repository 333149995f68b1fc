import Foundation
import Testing

/// Every `oxo bench` scenario, run for about a second at a tiny size against the server
/// it starts itself, so the tool cannot rot. Nothing here asserts a timing: only that
/// each run works, reports, writes its files and passes its own checks.
@Suite("oxo bench: every scenario runs", .serialized)
struct BenchTests {
    static let tinyRuns: [(scenario: String, options: [String])] = [
        ("games", ["--games", "3", "--duration", "1"]),
        ("echo", ["--games", "3", "--duration", "1"]),
        // Two source addresses, so spreading sockets over 127.0.0.x is exercised too
        // (Linux answers on all of 127.0.0.0/8).
        ("sockets", ["--sockets", "10", "--duration", "1", "--source-addresses", "2"]),
        ("join-storm", ["--joiners", "5", "--rounds", "2"]),
        ("auth", ["--duration", "1", "--concurrency", "2", "--bcrypt-cost", "4"]),
    ]

    @Test(arguments: tinyRuns.map(\.scenario))
    func aTinyRunPassesAndWritesItsTableJSONAndChart(scenario: String) throws {
        let options = try #require(Self.tinyRuns.first { $0.scenario == scenario }).options
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-bench-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("result.json"), chart = folder.appendingPathComponent("chart.svg")

        let run = try OXOProcess.run(["bench", scenario] + options + ["--json", json.path, "--chart", chart.path])

        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("oxo bench \(scenario)"))
        #expect(run.output.hasSuffix("passed\n"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect(report["scenario"] as? String == scenario)
        #expect((report["figures"] as? [[String: Any]])?.isEmpty == false)
        #expect((report["errors"] as? [String: Int])?.isEmpty == true)
        if scenario == "sockets" {
            // Idle sockets have no latency to draw; their figure is memory.
            #expect(!FileManager.default.fileExists(atPath: chart.path))
            #expect(run.output.contains("server memory per socket"))
        } else {
            #expect(try String(contentsOf: chart, encoding: .utf8).hasPrefix("<svg"))
        }
    }

    @Test func anEchoRunAgainstAServerWithoutTheEchoRouteFailsAndSaysWhy() throws {
        let server = try ServeProcess()
        defer { server.stop() }

        let run = try OXOProcess.run(["bench", "echo", "--url", server.url, "--games", "1", "--duration", "1"])

        #expect(run.status != 0)
        #expect(run.errors.contains("HTTP 404"))
    }

    @Test func aRunningServerIsDrivenAndMeasuredGivenItsURLAndProcessID() throws {
        let server = try ServeProcess()
        defer { server.stop() }

        let run = try OXOProcess.run(["bench", "games", "--url", server.url, "--server-pid", "\(server.pid)",
                                      "--games", "2", "--duration", "1"])

        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("on the server at \(server.url)"))
        #expect(run.output.contains("server memory at the end"))
    }
}

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocket = SOCK_STREAM
#endif

/// `oxo serve` on a fresh data file and a free port, with the rate limits raised as a
/// server to bench needs them, for the tests that pass --url.
final class ServeProcess {
    let process = Process()
    let url: String
    let folder: URL
    var pid: Int32 { process.processIdentifier }

    init() throws {
        guard let executable = OXOProcess.executable else { throw OXONotBuilt() }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-serve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try Self.freePort()
        url = "http://127.0.0.1:\(port)"
        let log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = executable
        process.arguments = ["serve", "--port", "\(port)", "--data", folder.appendingPathComponent("oxo.sqlite").path,
                             "--bcrypt-cost", "4", "--registration-limit", "100000", "--sign-in-attempt-limit", "100000",
                             "--sign-in-address-limit", "100000", "--password-hashing-queue", "100000"]
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server logs this line once it listens.
        let deadline = Date().addingTimeInterval(60)
        while !((try? String(contentsOf: log, encoding: .utf8))?.contains("OXO listening") ?? false) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw ServerDidNotStart()
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A port the kernel picks for a socket bound to port 0, closed again for the server.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw ServerDidNotStart() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct ServerDidNotStart: Error {}
}
