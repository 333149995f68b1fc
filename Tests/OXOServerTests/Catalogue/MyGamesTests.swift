import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// A player's games, who else has a game, and the count of players on each game, as
/// players see them through the SDK.
/// One test at a time: each starts a server, and on PostgreSQL each server holds connections.
@Suite("My games and who plays them", .serialized)
struct MyGamesTests {
    @Test func aPlayerAddsAndRemovesGamesAndOthersSeeThem() async throws {
        try await withServer(catalogue: true) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let tetris = try await alice.catalogueGame(titled: "Tetris"), portal = try await alice.catalogueGame(titled: "Portal 2")
            #expect(try await alice.catalogueGame(tetris.id).mine == false)
            try await alice.addToMyGames(tetris.id)
            try await alice.addToMyGames(portal.id)
            try await alice.addToMyGames(tetris.id)
            let page = try await alice.catalogueGame(tetris.id)
            #expect(page.mine && page.playerCount == 1 && page.title == "Tetris" && page.released == "1984-06-06")
            #expect(page.cover.hasPrefix("/v1/catalogue/cover.svg?title=Tetris") && page.source == "embedded")
            #expect(try await bob.catalogueGame(tetris.id).mine == false, "mine is the caller's own")
            let alicesGames = try await bob.catalogueGames(of: try await alice.id())
            #expect(alicesGames.games.map(\.title) == ["Portal 2", "Tetris"], "latest added first")

            try await alice.removeFromMyGames(tetris.id)
            try await alice.removeFromMyGames(tetris.id)
            #expect(try await bob.catalogueGame(tetris.id).playerCount == 0)
            #expect(try await bob.catalogueGames(of: try await alice.id()).games.map(\.title) == ["Portal 2"])
            let missing = CatalogueGameID(rawValue: UUID())
            #expect(await refusal { try await alice.addToMyGames(missing) } == .catalogueGameNotFound)
            #expect(await refusal { try await alice.catalogueGame(missing) } == .catalogueGameNotFound)
            #expect(await refusal { try await alice.catalogueGames(of: UserID(rawValue: UUID())) } == .playerNotFound)
        }
    }

    @Test func theGamesPlayersArePagedWithPresenceAndFollowing() async throws {
        try await withServer(catalogue: true) { server in
            let alice = try await server.player("alice")
            let minecraft = try await alice.catalogueGame(titled: "Minecraft")
            var others: [OXOClient] = []
            for index in 0..<5 {
                let player = try await server.player("miner\(index)")
                try await player.addToMyGames(minecraft.id)
                others.append(player)
            }
            let online = try await others[4].goOnline()
            try await alice.follow(try await others[3].id())
            try await others[0].block(try await alice.id())

            let first = try await alice.cataloguePlayers(of: minecraft.id, limit: 2)
            #expect(first.players.map(\.player.username) == ["miner4", "miner3"])
            #expect(first.players.map(\.status) == [.lobby, .offline] && first.players.map(\.following) == [false, true])
            let second = try await alice.cataloguePlayers(of: minecraft.id, cursor: first.nextCursor, limit: 2)
            #expect(second.players.map(\.player.username) == ["miner2", "miner1"])
            #expect(second.nextCursor == nil, "miner0 blocked Alice, so neither sees the other")
            #expect(try await alice.catalogueGame(minecraft.id).playerCount == 5)
            #expect(await refusal { try await alice.cataloguePlayers(of: minecraft.id, cursor: "nonsense") } == .invalidRequest)
            await online.close()
        }
    }

    @Test func manyPlayersAddingAtOnceAreEachCountedOnce() async throws {
        try await withServer(catalogue: true) { server in
            let players = try await (0..<12).asyncMap { try await server.player("racer\($0)") }
            let doom = try await players[0].catalogueGame(titled: "Doom")
            let outcomes = await concurrently(0..<36) { index in try await players[index % 12].addToMyGames(doom.id) }
            #expect(outcomes.allSatisfy { $0.isSuccess })
            #expect(try await players[0].catalogueGame(doom.id).playerCount == 12)
            let removals = await concurrently(0..<24) { index in try await players[index % 6].removeFromMyGames(doom.id) }
            #expect(removals.allSatisfy { $0.isSuccess })
            #expect(try await players[0].catalogueGame(doom.id).playerCount == 6)
        }
    }

    @Test func aPlayerWhoseAccountGoesIsNoLongerCounted() async throws {
        try await withServer(catalogue: true) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let celeste = try await alice.catalogueGame(titled: "Celeste")
            try await alice.addToMyGames(celeste.id)
            try await bob.addToMyGames(celeste.id)
            // As housekeeping removes a guest who never registered: the account's rows go with it.
            try await server.app.db.sql.raw("DELETE FROM users WHERE id = \(bind: try await bob.id().rawValue)").run()
            #expect(try await alice.catalogueGame(celeste.id).playerCount == 1)
            #expect(try await alice.cataloguePlayers(of: celeste.id).players.map(\.player.username) == ["alice"])
        }
    }
}
