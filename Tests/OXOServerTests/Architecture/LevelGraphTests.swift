import Foundation
import Testing

/// ARCHITECTURE.md's table of modules is the Package.swift graph: for each of the server's
/// levels, the target it depends on and the folders it holds are the ones the page names.
@Suite("ARCHITECTURE.md draws the levels Package.swift builds")
struct LevelGraphTests {
    static let levels = ["OXOCore", "OXOAccounts", "OXOPlay", "OXOSocial", "OXOServer"]

    /// The page's row for `target`: what it depends on and what it holds, as written.
    static func documented(_ target: String) throws -> (dependsOn: String, holds: String)? {
        let text = try String(contentsOf: TableOwnershipTests.repository.appendingPathComponent("docs/ARCHITECTURE.md"),
                              encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("| `\(target)` |") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[1], cells[2])
        }
        return nil
    }

    /// The server targets each target depends on in Package.swift.
    static func dependencies(of target: String) throws -> [String] {
        let manifest = try String(contentsOf: TableOwnershipTests.repository.appendingPathComponent("Package.swift"),
                                  encoding: .utf8)
        guard let declaration = manifest.firstMatch(of: try Regex(#"name: "\#(target)",\s*dependencies: \[([^\]]*)\]"#))
        else { return [] }
        let listed = String(manifest[declaration.range])
        return levels.filter { listed.contains("\"\($0)\"") && $0 != target }
    }

    /// The folders of a target's sources.
    static func folders(of target: String) throws -> Set<String> {
        let url = TableOwnershipTests.repository.appendingPathComponent("Sources/\(target)")
        return Set(try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0 != "Resources" })
    }

    @Test(arguments: levels)
    func eachLevelDependsOnTheOneBelowAndHoldsTheFoldersThePageNames(_ target: String) throws {
        let row = try #require(try Self.documented(target), "ARCHITECTURE.md has no row for \(target)")
        let below = Self.levels.firstIndex(of: target).flatMap { $0 > 0 ? Self.levels[$0 - 1] : nil }
        #expect(try Self.dependencies(of: target) == (below.map { [$0] } ?? []), "Package.swift's \(target)")
        if let below { #expect(row.dependsOn.hasPrefix("`\(below)`"), "the page says \(target) depends on \(row.dependsOn)") }
        for folder in try Self.folders(of: target) {
            #expect(row.holds.contains("`\(folder)`"), "the page's row for \(target) does not name \(folder)")
        }
    }
}
