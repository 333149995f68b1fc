import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// Searching the catalogue as a player types: the same cases pass on SQLite (FTS5) and
/// on PostgreSQL (full text), each against its own index.
/// One test at a time: each starts a server, and on PostgreSQL each server holds connections.
@Suite("Catalogue search", .serialized)
struct CatalogueSearchTests {
    @Test func theEmbeddedCatalogueIsThereFromTheFirstStart() async throws {
        try await withServer(catalogue: true) { server in
            let alice = try await server.player("alice")
            #expect(try await alice.titles("zelda breath").first == "The Legend of Zelda: Breath of the Wild")
            for title in ["Super Mario Bros.", "Tetris", "Minecraft", "Half-Life 2", "Portal 2", "Stardew Valley"] {
                #expect(try await alice.titles(title).first == title, "\(title) is found by its own title, first")
            }
        }
    }

    @Test func wordsInAnyOrderAndPrefixesFindTheSameGame() async throws {
        try await withServer(catalogue: true) { server in
            let alice = try await server.player("alice")
            let botw = "The Legend of Zelda: Breath of the Wild"
            for search in ["zelda breath", "breath of th", "ZELDA  Breath", "wild zel", "breath zelda legend", "Breath, of the"] {
                #expect(try await alice.titles(search).contains(botw), "\(search)")
            }
            #expect(try await alice.titles("valley stardew") == ["Stardew Valley"])
            #expect(try await alice.titles("qwzxv").isEmpty)
        }
    }

    @Test func caseAndAccentsDoNotMatter() async throws {
        try await withServer(catalogue: true) { server in
            // Made-up titles, so that no game of the embedded catalogue matches too.
            try await server.addToCatalogue(["Pokémon Snapfield", "Ōyamadrift"])
            let alice = try await server.player("alice")
            #expect(try await alice.titles("pokemon snapfield") == ["Pokémon Snapfield"])
            #expect(try await alice.titles("POKÉMON SNAPFIELD") == ["Pokémon Snapfield"])
            #expect(try await alice.titles("oyamadrift") == ["Ōyamadrift"])
            #expect(try await alice.titles("Mínecráft").first == "Minecraft")
        }
    }

    @Test func oneTypoPerWordIsForgiven() async throws {
        try await withServer(catalogue: true) { server in
            let alice = try await server.player("alice")
            #expect(try await alice.titles("minecarft").first == "Minecraft", "two letters swapped")
            #expect(try await alice.titles("tetriss").first == "Tetris", "a letter too many")
            #expect(try await alice.titles("tetrs").first == "Tetris", "a letter left out")
            #expect(try await alice.titles("stardwe valey").first == "Stardew Valley", "one typo in each word")
            #expect(try await alice.titles("zelda breth").contains("The Legend of Zelda: Breath of the Wild"))
            #expect(try await alice.titles("teetrss").isEmpty, "two typos in one word are too many")
        }
    }

    @Test func theBestMatchComesFirstThenTheMostPlayed() async throws {
        try await withServer(catalogue: true) { server in
            try await server.addToCatalogue(["Super Zorblax 3", "Zorblux Quest", "Zorblax Effect", "Zorblax"])
            let players = try await (0..<2).asyncMap { try await server.player("fan\($0)") }
            #expect(try await players[0].titles("zorblax") == ["Zorblax", "Zorblax Effect", "Super Zorblax 3", "Zorblux Quest"],
                    "the whole title, then its start, then a word anywhere, then a typo")

            // More players move a game up among those that match as well.
            try await server.addToCatalogue(["Zorblax Attack Deluxe"])
            let effect = try await players[0].catalogueGame(titled: "Zorblax Effect")
            let attack = try await players[0].catalogueGame(titled: "Zorblax Attack Deluxe")
            for player in players { try await player.addToMyGames(attack.id) }
            try await players[0].addToMyGames(effect.id)
            #expect(try await players[0].titles("zorblax") == ["Zorblax", "Zorblax Attack Deluxe", "Zorblax Effect",
                                                               "Super Zorblax 3", "Zorblux Quest"])
            #expect(try await players[0].titles("zorbl").prefix(2) == ["Zorblax Attack Deluxe", "Zorblax Effect"],
                    "a start that is no whole title: the most played first")
        }
    }

    @Test func aWordOfManyTitlesListsTheBestKnownFirstNotTheTitlesThatBeginWithIt() async throws {
        try await withServer(catalogue: true) { server in
            let alice = try await server.player("alice")
            #expect(try await alice.titles("mario").first == "Super Mario Bros.", "the series' original, with nobody's games yet")
            #expect(try await alice.titles("zelda").first == "The Legend of Zelda")
            #expect(try await alice.titles("final fantasy").prefix(2) == ["Final Fantasy", "Final Fantasy II"])
            #expect(try await alice.titles("pokemon").first == "Pokémon Red and Blue")

            // The games players have come before the others that match as well.
            let fans = try await (0..<2).asyncMap { try await server.player("fan\($0)") }
            for title in ["Super Mario 64", "The Legend of Zelda: Breath of the Wild", "Final Fantasy VII", "Pokémon Go"] {
                let game = try await alice.catalogueGame(titled: title)
                for fan in fans { try await fan.addToMyGames(game.id) }
            }
            let mario = try await alice.titles("mario")
            #expect(mario.prefix(2) == ["Super Mario 64", "Super Mario Bros."], "\(mario)")
            for spinOff in ["Mario Golf", "Mario Paint", "Mario Party"] {
                #expect(mario.firstIndex(of: spinOff).map { $0 > 2 } ?? true, "\(spinOff) comes after: \(mario)")
            }
            #expect(try await alice.titles("zelda").prefix(2) == ["The Legend of Zelda: Breath of the Wild", "The Legend of Zelda"])
            #expect(try await alice.titles("final fantasy").prefix(3) == ["Final Fantasy", "Final Fantasy VII", "Final Fantasy II"],
                    "the whole title still first")
            #expect(try await alice.titles("pokemon").prefix(2) == ["Pokémon Go", "Pokémon Red and Blue"])
        }
    }

    @Test func resultsArePaged() async throws {
        try await withServer(catalogue: true) { server in
            try await server.addToCatalogue((1...25).map { "Paging Quest \($0)" })
            let alice = try await server.player("alice")
            var titles: [String] = []
            var cursor: String?
            repeat {
                let page = try await alice.searchCatalogue("paging quest", cursor: cursor, limit: 10)
                titles += page.games.map(\.title)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(titles.count == 25 && Set(titles).count == 25)
            #expect(await refusal { try await alice.searchCatalogue("paging", cursor: "nonsense") } == .invalidRequest)
            #expect(await refusal { try await alice.searchCatalogue(String(repeating: "a", count: 201)) } == .invalidRequest)
            let all = try await alice.searchCatalogue("", limit: 5)
            #expect(all.games.count == 5 && all.nextCursor == "5", "an empty search lists the most played")
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
