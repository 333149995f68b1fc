import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("oxo admin catalogue import: a file of games into a server's database")
struct CatalogueImportCommandTests {
    @Test func aFileIsImportedWithASummaryAndItsGamesAreFoundByTheServer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-import-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("games.jsonl")
        let lines = (1...300).map { #"{"slug":"quest-\#($0)","title":"Imported Quest \#($0)","released":"2020-02-02"}"# }
            + [#"{"slug":"no-title"}"#, "not json"]
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let data = folder.appendingPathComponent("oxo.sqlite").path

        let first = try await OXOProcess.run(["admin", "catalogue", "import", file.path, "--data", data], environment: ["DATABASE_URL": ""])
        #expect(first.status == 0, "\(first)")
        #expect(first.output.hasPrefix("300 added, 0 updated, 0 unchanged, 2 refused in "), "\(first)")
        #expect(first.output.hasSuffix("line 301: 'title' is missing\nline 302: not a JSON object\n"), "\(first)")
        #expect(first.errors.contains("] 100% 300/300 rows"), "the progress bar filled: \(first)")
        let again = try await OXOProcess.run(["admin", "catalogue", "import", file.path, "--data", data], environment: ["DATABASE_URL": ""])
        #expect(again.output.hasPrefix("0 added, 0 updated, 300 unchanged, 2 refused in "), "\(again)")

        let server = try await ServeProcess(folder: folder)
        defer { server.stop() }
        let alice = try await OXOClient.register(username: "alice", email: "alice@example.org", password: "password-alice",
                                                 at: URL(string: server.url)!)
        #expect(try await alice.searchCatalogue("imported quest 300").games.first?.title == "Imported Quest 300")
        let missing = try await OXOProcess.run(["admin", "catalogue", "import", folder.appendingPathComponent("none.csv").path, "--data", data])
        #expect(missing.status != 0, "\(missing)")
    }
}
