import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOSocial
@testable import OXOServer
import Testing

/// Loading catalogue files: what is refused and why, what is added and updated, and the
/// embedded catalogue imported again only when its file changed.
/// One test at a time: each starts a server, and on PostgreSQL each server holds connections.
@Suite("Catalogue import", .serialized)
struct CatalogueImportTests {
    @Test func jsonLinesAreReadAndEachBadLineRefusedWithItsNumber() {
        let text = """
            {"slug":"tetris","title":"Tetris","released":"1984-06-06","platforms":["Game Boy"],"genres":["Puzzle"],"developer":"Alexey Pajitnov","description":"Falling blocks."}
            not json

            {"slug":"no-title"}
            {"slug":"bad-day","title":"Bad Day","released":"1984-13-01"}
            {"slug":"tetris","title":"Tetris again"}
            {"slug":"lists","title":"Lists","platforms":"PC"}
            {"slug":"wrong","title":"Wrong","platforms":[1,2]}
            """
        let file = CatalogueFile(text: text, format: .jsonLines, source: "import")
        #expect(file.entries.map(\.line) == [1, 7])
        #expect(file.entries[0].entry == CatalogueEntry(
            source: "import", sourceID: "tetris", title: "Tetris", released: "1984-06-06", platforms: ["Game Boy"],
            genres: ["Puzzle"], developer: "Alexey Pajitnov", summary: "Falling blocks.", coverImageID: nil))
        #expect(file.entries[1].entry.platforms == ["PC"], "a text where a list belongs is split at semicolons")
        #expect(file.refusals.map(\.line) == [2, 4, 5, 6, 8])
        #expect(file.refusals[1].reason == "'title' is missing")
        #expect(file.refusals[3].reason == "the slug 'tetris' is on line 1 already")
    }

    @Test func csvHasAHeaderAndQuotedFields() {
        let text = [
            "slug,title,released,platforms,genres,developer,description",
            #"half-life-2,Half-Life 2,2004-11-16,PC;Xbox,Shooter,Valve,"Gordon, again; with a ""gravity gun""""#,
            "short,Short",
            "portal,Portal,,PC,Puzzle,,",
        ].joined(separator: "\r\n")
        let file = CatalogueFile(text: text, format: .csv, source: "import")
        #expect(file.entries.map(\.entry.title) == ["Half-Life 2", "Portal"])
        #expect(file.entries[0].entry.platforms == ["PC", "Xbox"])
        #expect(file.entries[0].entry.summary == "Gordon, again; with a \"gravity gun\"")
        #expect(file.entries[1].entry.released == nil && file.entries[1].entry.developer == nil)
        #expect(file.refusals == [CatalogueFile.Refusal(line: 3, reason: "2 fields where the header names 7")])
    }

    @Test func importingAgainAddsNothingAndAChangedGameIsUpdated() async throws {
        try await withServer(catalogue: true) { server in
            let lines = (1...2500).map { #"{"slug":"game-\#($0)","title":"Generated Game \#($0)","released":"2001-01-01"}"# }
            let file = CatalogueFile(text: lines.joined(separator: "\n"), format: .jsonLines, source: "import")
            let importer = CatalogueImporter(store: server.app.store)
            #expect(try await importer.run(file) == CatalogueStored(added: 2500, updated: 0, unchanged: 0))
            var changed = lines
            changed[9] = #"{"slug":"game-10","title":"Renamed Game Ten","released":"2001-01-01"}"#
            let again = CatalogueFile(text: changed.joined(separator: "\n"), format: .jsonLines, source: "import")
            #expect(try await importer.run(again) == CatalogueStored(added: 0, updated: 1, unchanged: 2499))
            let alice = try await server.player("alice")
            #expect(try await alice.titles("renamed ten") == ["Renamed Game Ten"])
            #expect(try await alice.titles("renamd").first == "Renamed Game Ten", "the new title's words are in the typo index")
            #expect(try await !alice.titles("generated game 10", limit: 100).contains("Generated Game 10"),
                    "the old title is no longer found")
        }
    }

    @Test func theEmbeddedCatalogueIsImportedAgainOnlyWhenItsFileChanged() async throws {
        let storage = try await TestStorage.fresh()
        var server = try await TestServer.start(storage: storage, catalogue: true)
        do {
            let embedded = try await server.count("catalogue_games")
            #expect(embedded >= 20)
            let rename: (TestServer) async throws -> Void = { server in
                try await server.app.db.sql.raw("UPDATE catalogue_games SET title = 'Tetris (edited)' WHERE source_id = 'tetris'").run()
            }
            let tetrisTitle: (TestServer) async throws -> String? = { server in
                try await server.app.db.sql.raw("SELECT title FROM catalogue_games WHERE source_id = 'tetris'").first()?
                    .decode(column: "title", as: String.self)
            }
            try await rename(server)
            server = try await server.restarted(onSamePort: false)
            #expect(try await tetrisTitle(server) == "Tetris (edited)", "the same file is not imported again")
            #expect(try await server.count("catalogue_games") == embedded)
            // As if the server were upgraded with a new file.
            try await server.app.db.sql.raw("UPDATE catalogue_state SET value = 'an older file' WHERE key = 'embedded_sha256'").run()
            server = try await server.restarted(onSamePort: false)
            #expect(try await tetrisTitle(server) == "Tetris", "a changed file is imported again")
            #expect(try await server.count("catalogue_games") == embedded)
            try await server.stop()
        } catch {
            try? await server.stop()
            try? await TestStorage.remove(storage)
            throw error
        }
        try await TestStorage.remove(storage)
    }
}
