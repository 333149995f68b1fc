import Foundation
import Testing

@Suite("oxo serve runs one event loop for each core it may use")
struct EventLoopCountTests {
    /// The names of a running process's threads.
    func threadNames(of pid: Int32) throws -> [String] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset")
        && FileManager.default.fileExists(atPath: "/proc/self/task")))
    func aServerHeldToOneCoreRunsOneEventLoopAndSaysSo() async throws {
        let server = try await ServeProcess(cores: "0")
        defer { server.stop() }
        let log = try String(contentsOf: server.log, encoding: .utf8)
        #expect(log.contains("event_loops=1"), "\(log)")
        // SwiftNIO names the shared group's loops NIO-SGLTN-<group>-#<loop>.
        let loops = try threadNames(of: server.pid).filter { $0.hasPrefix("NIO-SGLTN-") }
        #expect(loops.count == 1, "\(loops)")
    }
}
