import Foundation
import Testing

/// Every table has one owner: the folder docs/ARCHITECTURE.md names for it is the only
/// one whose SQL reads or writes it. Other domains ask the owner (a query or a condition
/// it offers, or a change it makes), so a table's rules live in one place.
@Suite("Each table is touched only by its owner")
struct TableOwnershipTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The owners table of ARCHITECTURE.md: table name to the folder that owns it, such as
    /// `OXOPlay/Games`.
    static func owners() throws -> [String: String] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        var owners: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[1].hasPrefix("`") else { continue }
            let folder = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            for table in cells[0].split(separator: ",") {
                owners[table.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = folder
            }
        }
        return owners
    }

    /// Where SQL names a table: after a keyword of the language, or as the table argument
    /// of SQLKit's and Fluent's builders.
    static let mentions = [
        #"\b(?:FROM|JOIN|INTO|UPDATE|TABLE|ON)\s+"?(?<table>[a-z_]+)"#,
        #"(?:from|into|update|schema|SQLIdentifier)\(\s*(?:from:\s*|into:\s*)?"(?<table>[a-z_]+)""#,
        // SQLKit's writers name their table by a label (a route's `delete("users", …)` has none).
        #"(?:delete\(\s*from|insert\(\s*into):\s*"(?<table>[a-z_]+)""#,
        // Storage's facilities are handed their tables by the owner (`Outbox`, `FullTextIndex`,
        // `CountedRows`).
        #"\b(?:table|on|of|counting):\s*"(?<table>[a-z_]+)""#,
    ]

    /// What the named group `table` of `pattern` catches in `text`. Foundation's ICU
    /// engine, not Swift's `Regex`: over the megabyte of sources, Swift's took 13 s a test
    /// in a debug build, on one of the few threads every other test's server needs.
    static func tables(matching pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(withName: "table"), in: text).map { String(text[$0]) }
        }
    }

    /// Every table each server source file touches, by the file's folder.
    static func touches(among tables: Set<String>) throws -> [(file: String, folder: String, table: String)] {
        var found: [(String, String, String)] = []
        let sources = repository.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = url.path.replacingOccurrences(of: sources.path + "/", with: "")
            let parts = path.split(separator: "/")
            guard parts.count > 2, parts[0].hasPrefix("OXO"), !["OXOProtocol", "OXOClient"].contains(parts[0]) else { continue }
            let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for pattern in mentions {
                for table in try Self.tables(matching: pattern, in: code) where tables.contains(table) {
                    found.append((path, "\(parts[0])/\(parts[1])", table))
                }
            }
        }
        return found
    }

    @Test func everyTableIsTouchedOnlyInTheFolderThatOwnsIt() throws {
        let owners = try Self.owners()
        #expect(owners.count >= 30, "ARCHITECTURE.md's owners table was not found: \(owners)")
        let strays = try Self.touches(among: Set(owners.keys)).filter { owners[$0.table] != $0.folder }
            .map { "\($0.file) touches \($0.table), which \(owners[$0.table]!) owns" }
        #expect(strays.isEmpty, "\(strays.joined(separator: "\n"))")
    }

    /// A second writer planted the way the housekeeper once deleted old events, through
    /// SQLKit's builders, is seen, and so is a table handed to Storage's facilities; a
    /// route's path is not a table.
    @Test func writesThroughTheBuildersAreSeenAndRoutePathsAreNot() throws {
        let planted = """
            let events = try await change.sql.delete(from: "events").where("created_at", .lessThan, cutoff).run()
            try await sql.insert(into: "photos").columns("id").values(SQLBind(address)).run()
            try await Outbox(of: change, table: "push_outbox").postpone(id, until: due)
            static let search = FullTextIndex("search", on: "chat_messages", column: "text", rowKey: "seq")
            admin.delete("users", ":username") { request in }
            """
        let seen = try Self.mentions.flatMap { try Self.tables(matching: $0, in: planted) }
        #expect(Set(seen) == ["events", "photos", "push_outbox", "chat_messages"])
    }

    @Test func everyTableTheMigrationsMakeHasAnOwner() throws {
        let created = try Self.createdTables()
        #expect(created.count >= 30, "the migrations' tables were not found: \(created)")
        let unowned = created.subtracting(try Self.owners().keys)
        #expect(unowned.isEmpty, "tables with no owner in ARCHITECTURE.md: \(unowned.sorted())")
    }

    /// The tables the migrations create.
    static func createdTables() throws -> Set<String> {
        var tables: Set<String> = []
        let sources = repository.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let code = try String(contentsOf: url, encoding: .utf8)
            for pattern in [
                #"schema\("(?<table>[a-z_]+)"\)\s*\n?\s*\.(?:field|id)"#,
                #"CREATE (?:VIRTUAL )?TABLE (?<table>[a-z_]+)"#,
            ] {
                tables.formUnion(try Self.tables(matching: pattern, in: code))
            }
        }
        return tables
    }
}
