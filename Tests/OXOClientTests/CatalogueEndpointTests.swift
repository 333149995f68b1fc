import Foundation
import OXOProtocol
import Testing
@testable import OXOClient

/// What the SDK sends for the game catalogue, and how it reads the answers.
@Suite struct CatalogueEndpointTests {
    let game = CatalogueGameID(rawValue: UUID())
    let player = UserID(rawValue: UUID())

    @Test func eachOperationGoesToItsAddress() throws {
        let (id, user) = (game.description, player.description)
        #expect(try requestLine(Endpoints.searchCatalogue("zelda breath", cursor: "20", limit: 10))
                == "GET /v1/catalogue/games?q=zelda%20breath&cursor=20&limit=10")
        #expect(try requestLine(Endpoints.searchCatalogue("", cursor: nil, limit: nil)) == "GET /v1/catalogue/games?q=")
        #expect(try requestLine(Endpoints.catalogueGame(game)) == "GET /v1/catalogue/games/\(id)")
        #expect(try requestLine(Endpoints.cataloguePlayers(of: game, cursor: nil, limit: 5)) == "GET /v1/catalogue/games/\(id)/players?limit=5")
        #expect(try requestLine(Endpoints.addToMyGames(game)) == "PUT /v1/me/catalogue/\(id)")
        #expect(try requestLine(Endpoints.removeFromMyGames(game)) == "DELETE /v1/me/catalogue/\(id)")
        #expect(try requestLine(Endpoints.catalogueGames(of: player, cursor: "c", limit: nil)) == "GET /v1/users/\(user)/catalogue?cursor=c")
    }

    @Test func answersDecodeAsTheirTypes() throws {
        let page = Data("""
            {"games":[{"id":"\(game)","title":"Tetris","released":"1984-06-06","platforms":["Game Boy"],
            "cover":"/v1/catalogue/cover.svg?title=Tetris","player_count":2}],"next_cursor":"20"}
            """.utf8)
        let read = try Endpoints.searchCatalogue("tetris", cursor: nil, limit: nil).read(status: 200, body: page)
        #expect(read.games.map(\.title) == ["Tetris"] && read.games[0].playerCount == 2 && read.nextCursor == "20")
        try Endpoints.addToMyGames(game).read(status: 204, body: Data())
        let missing = Data(#"{"error":{"code":"catalogue_game_not_found","message":"No."}}"#.utf8)
        #expect(throws: APIError(.catalogueGameNotFound, "No.")) { try Endpoints.catalogueGame(game).read(status: 404, body: missing) }
    }
}
