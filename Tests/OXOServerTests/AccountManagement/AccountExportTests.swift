import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import OXOServer
import Testing

/// `GET /v1/me/export`: every kind of record a busy account has, and none of the secrets.
@Suite("Exporting an account")
struct AccountExportTests {
    @Test func aBusyAccountFindsEveryKindOfRecordInItsExport() async throws {
        try await withServer(catalogue: true) { server in
            let (alice, bob, carol) = (try await server.player("alice"), try await server.player("bob"), try await server.player("carol"))
            let (bobID, carolID) = (try await bob.me().id, try await carol.me().id)
            _ = try await alice.updateDisplayName("Alice A.")
            var game = try await alice.createGame(side: .x)
            game = try await bob.join(game.id)
            for (player, cell) in [(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)] { game = try await player.move(cell, in: game) }
            _ = try await alice.sendMessage("good game", to: .players(game.id))
            let photo = try await alice.uploadChatPhoto(Data(TestImages.png(width: 3, height: 2)), contentType: "image/png")
            _ = try await alice.sendMessage(nil, photo: photo.photo, to: .players(game.id))
            let conversation = try await alice.openConversation(with: bobID)
            _ = try await alice.sendMessage("see you", to: .conversation(conversation.id))
            _ = try await alice.befriend(username: "bob")
            _ = try await alice.befriend(username: "carol")
            _ = try await carol.acceptFriendship(from: try await alice.me().id)
            try await alice.follow(bobID)
            try await bob.follow(try await alice.me().id)
            let dave = try await server.player("dave")
            try await alice.block(try await dave.me().id)
            let catalogueGame = try #require(try await alice.searchCatalogue("zelda").games.first)
            try await alice.addToMyGames(catalogueGame.id)

            let export = try await alice.exportAccount()

            #expect(export.account.username == "alice" && export.account.previousDisplayNames == ["alice"])
            #expect(export.sessions.count == 1 && export.sessions[0].current)
            #expect(export.games.map(\.id) == [game.id] && export.games[0].moves.count == 5)
            #expect(export.messages.count == 3 && Set(export.messages.map(\.text)) == ["good game", nil, "see you"])
            #expect(export.conversations.map(\.id) == [conversation.id])
            #expect(export.friends.friends.map(\.player.id) == [carolID])
            #expect(export.friends.outgoing.map(\.player.id) == [bobID])
            #expect(export.following.map(\.id) == [bobID] && export.followers.map(\.id) == [bobID])
            #expect(export.blocked.map(\.username) == ["dave"])
            #expect(!export.notifications.isEmpty)
            #expect(export.record.won == 1 && export.ratingHistory.count == 1)
            #expect(export.catalogueGames.map(\.id) == [catalogueGame.id])
            #expect(export.photos.count == 1 && export.photos[0].bytes == Data(TestImages.png(width: 3, height: 2))
                    && export.photos[0].url == photo.url && export.photos[0].width == 3)

            // No secret of the server's is in it.
            let raw = try await RawHTTP(baseURL: server.baseURL).send(.GET, "/v1/me/export", token: try #require(await alice.token))
            let text = String(decoding: raw.body, as: UTF8.self)
            #expect(!text.contains("$2") && !text.contains("token") && !text.contains("password"))
        }
    }

    @Test func exportsAreLimitedPerHour() async throws {
        try await withServer(adjust: { $0.exportLimit = 2 }) { server in
            let alice = try await server.player("alice")
            _ = try await alice.exportAccount()
            _ = try await alice.exportAccount()
            do {
                _ = try await alice.exportAccount()
                Issue.record("a third export in the hour was answered")
            } catch let error as APIError {
                #expect(error.code == .rateLimited)
            }
        }
    }
}
