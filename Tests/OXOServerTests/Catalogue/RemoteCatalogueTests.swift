import Foundation
import NIOConcurrencyHelpers
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// A remote catalogue (IGDB in production) asked beside the local one: what it answers is
/// stored and found, and when it fails the local catalogue still answers.
/// One test at a time: each starts a server, and on PostgreSQL each server holds connections.
@Suite("A remote catalogue", .serialized)
struct RemoteCatalogueTests {
    /// Answers each search with the entries it was given, counting the searches.
    final class StandIn: CatalogueSource {
        let entries: [CatalogueEntry]
        let failure: (any Error)?
        private let asked = NIOLockedValueBox<[String]>([])

        init(entries: [CatalogueEntry] = [], failure: (any Error)? = nil) {
            self.entries = entries
            self.failure = failure
        }

        var searches: [String] { asked.withLockedValue { $0 } }

        func search(_ text: String, limit: Int) async throws -> [CatalogueEntry] {
            asked.withLockedValue { $0.append(text) }
            if let failure { throw failure }
            return entries
        }
    }

    struct Unreachable: Error {}

    @Test func whatTheSourceAnswersIsStoredFoundAndKept() async throws {
        var remoteGame = CatalogueEntry.titled("Outer Quietlands", source: "igdb", released: "2019-05-28")
        remoteGame.sourceID = "11737"
        remoteGame.coverImageID = "co1r7f"
        remoteGame.summary = "A solar system in a time loop."
        var broken = CatalogueEntry.titled("Outer Broken", source: "igdb")
        broken.released = "someday"
        let source = StandIn(entries: [remoteGame, broken])
        try await withServer(catalogue: true, catalogueSource: source) { server in
            let alice = try await server.player("alice")
            let found = try await alice.searchCatalogue("outer quietlands")
            #expect(found.games.map(\.title) == ["Outer Quietlands"], "an entry the rules refuse is not stored")
            #expect(found.games[0].cover == "https://images.igdb.com/igdb/image/upload/t_cover_big/co1r7f.jpg")
            _ = try await alice.searchCatalogue("outer quietlands")
            let embedded = try await embeddedCount(server)
            #expect(try await server.count("catalogue_games") == embedded + 1, "asked twice, stored once")
            let page = try await alice.catalogueGame(found.games[0].id)
            #expect(page.source == "igdb" && page.description == "A solar system in a time loop.")

            _ = try await alice.searchCatalogue("outer", cursor: "20")
            _ = try await alice.searchCatalogue("")
            #expect(source.searches == ["outer quietlands", "outer quietlands"], "later pages and empty searches ask only locally")
        }
    }

    @Test func whenTheSourceFailsTheLocalCatalogueStillAnswers() async throws {
        try await withServer(catalogue: true, catalogueSource: StandIn(failure: Unreachable())) { server in
            let alice = try await server.player("alice")
            #expect(try await alice.titles("portal 2").first == "Portal 2")
        }
    }

    private func embeddedCount(_ server: TestServer) async throws -> Int {
        let data = try EmbeddedCatalogue.fileData()
        return CatalogueFile(text: String(decoding: data, as: UTF8.self), format: .jsonLines, source: "embedded").entries.count
    }
}
