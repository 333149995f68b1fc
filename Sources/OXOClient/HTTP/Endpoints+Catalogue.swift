import Foundation
import OXOProtocol

/// The operations of the game catalogue.
extension Endpoints {
    static func searchCatalogue(_ text: String, cursor: String?, limit: Int?) -> Endpoint<CatalogueGamePage> {
        Endpoint(Operations.searchCatalogue, query: [URLQueryItem(name: "q", value: text)] + page(cursor: cursor, limit: limit))
    }

    static func catalogueGame(_ game: CatalogueGameID) -> Endpoint<CatalogueGame> {
        Endpoint(Operations.getCatalogueGame, game)
    }

    static func cataloguePlayers(of game: CatalogueGameID, cursor: String?, limit: Int?) -> Endpoint<CataloguePlayerPage> {
        Endpoint(Operations.listCataloguePlayers, game, query: page(cursor: cursor, limit: limit))
    }

    static func addToMyGames(_ game: CatalogueGameID) -> Endpoint<Void> {
        Endpoint(Operations.addToMyGames, game)
    }

    static func removeFromMyGames(_ game: CatalogueGameID) -> Endpoint<Void> {
        Endpoint(Operations.removeFromMyGames, game)
    }

    static func catalogueGames(of player: UserID, cursor: String?, limit: Int?) -> Endpoint<CatalogueGamePage> {
        Endpoint(Operations.listPlayersCatalogueGames, player, query: page(cursor: cursor, limit: limit))
    }
}
