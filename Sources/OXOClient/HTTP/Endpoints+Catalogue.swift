import Foundation
import OXOProtocol

/// The operations of the game catalogue.
extension Endpoints {
    static func searchCatalogue(_ text: String, cursor: String?, limit: Int?) -> Endpoint<CatalogueGamePage> {
        Endpoint(.GET, "v1", "catalogue", "games", query: [URLQueryItem(name: "q", value: text)] + page(cursor: cursor, limit: limit))
    }

    static func catalogueGame(_ game: CatalogueGameID) -> Endpoint<CatalogueGame> {
        Endpoint(.GET, "v1", "catalogue", "games", game.description)
    }

    static func cataloguePlayers(of game: CatalogueGameID, cursor: String?, limit: Int?) -> Endpoint<CataloguePlayerPage> {
        Endpoint(.GET, "v1", "catalogue", "games", game.description, "players", query: page(cursor: cursor, limit: limit))
    }

    static func addToMyGames(_ game: CatalogueGameID) -> Endpoint<Void> {
        Endpoint(.PUT, "v1", "me", "catalogue", game.description)
    }

    static func removeFromMyGames(_ game: CatalogueGameID) -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "me", "catalogue", game.description)
    }

    static func catalogueGames(of player: UserID, cursor: String?, limit: Int?) -> Endpoint<CatalogueGamePage> {
        Endpoint(.GET, "v1", "users", player.description, "catalogue", query: page(cursor: cursor, limit: limit))
    }
}
