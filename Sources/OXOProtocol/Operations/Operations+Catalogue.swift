// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Search the catalogue
    public static let searchCatalogue = APIOperation<NoBody, CatalogueGamePage>(.GET, "/v1/catalogue/games", id: "searchCatalogue")
    /// A game's page
    public static let getCatalogueGame = APIOperation<NoBody, CatalogueGame>(.GET, "/v1/catalogue/games/{catalogueGameID}", id: "getCatalogueGame")
    /// The players who have a game
    public static let listCataloguePlayers = APIOperation<NoBody, CataloguePlayerPage>(.GET, "/v1/catalogue/games/{catalogueGameID}/players", id: "listCataloguePlayers")
    /// Add a game to my games
    public static let addToMyGames = APIOperation<NoBody, NoContent>(.PUT, "/v1/me/catalogue/{catalogueGameID}", id: "addToMyGames")
    /// Remove a game from my games
    public static let removeFromMyGames = APIOperation<NoBody, NoContent>(.DELETE, "/v1/me/catalogue/{catalogueGameID}", id: "removeFromMyGames")
    /// A player's games
    public static let listPlayersCatalogueGames = APIOperation<NoBody, CatalogueGamePage>(.GET, "/v1/users/{userID}/catalogue", id: "listPlayersCatalogueGames")
    /// A drawn cover
    public static let getCatalogueCover = APIOperation<NoBody, RawAnswer>(.GET, "/v1/catalogue/cover.svg", id: "getCatalogueCover", access: .open)

    static let catalogue: [OperationSpec] = [
        searchCatalogue.spec, getCatalogueGame.spec, listCataloguePlayers.spec, addToMyGames.spec,
        removeFromMyGames.spec, listPlayersCatalogueGames.spec, getCatalogueCover.spec,
    ]
}
