import Foundation
import Testing

@Suite("oxo serve takes all the open files it may")
struct OpenFileLimitTests {
    /// The soft and hard limits of open files of a running process.
    func openFileLimits(of pid: Int32) throws -> (soft: String, hard: String) {
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let figures = line.dropFirst("Max open files".count).split(separator: " ")
        return (String(figures[0]), String(figures[1]))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/limits")))
    func theServerRaisesItsOwnLimitToTheHardLimitAndSaysSo() async throws {
        let server = try await ServeProcess(openFileLimit: 256)
        defer { server.stop() }
        let limits = try openFileLimits(of: server.pid)
        #expect(limits.soft == limits.hard)
        let log = try String(contentsOf: server.log, encoding: .utf8)
        #expect(log.contains("open_files=\(limits.soft)"))
    }
}
