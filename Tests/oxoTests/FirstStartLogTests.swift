import Foundation
import Testing

/// What an operator reads when the server starts: one line for the database, not one for
/// each migration.
@Suite("The first start's log")
struct FirstStartLogTests {
    static func linesBeforeListening(_ output: String) -> [Substring] {
        output.split(separator: "\n").prefix { !$0.contains("OXO listening") }.map { $0 }
    }

    @Test func theDatabaseIsReportedReadyInOneLineOnEveryStart() async throws {
        let first = try await ServeProcess()
        let before = Self.linesBeforeListening(first.output)
        #expect(!before.contains { $0.contains("[Migrator]") }, "no migration's own line at the default level")
        let ready = before.filter { $0.contains("database ready") }
        #expect(ready.count == 1, "\(before)")
        #expect(ready.first?.contains(" migrations applied") == true && ready.first?.contains("ready, 0 ") == false)
        _ = await first.terminate()

        let again = try await ServeProcess(folder: first.folder)
        defer { again.stop() }
        #expect(Self.linesBeforeListening(again.output).contains { $0.contains("database ready, 0 migrations applied") })
    }
}
