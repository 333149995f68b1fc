import OXOProtocol

extension OXOClient {
    /// Video games whose titles match `text` (words in any order, each a prefix or one
    /// typo away), best matches first, then the most played; an empty text lists the
    /// most played games.
    public func searchCatalogue(_ text: String, cursor: String? = nil, limit: Int? = nil) async throws -> CatalogueGamePage {
        try await perform(Endpoints.searchCatalogue(text, cursor: cursor, limit: limit))
    }

    /// A game's page: its facts, how many players have it, and whether this user does.
    public func catalogueGame(_ game: CatalogueGameID) async throws -> CatalogueGame {
        try await perform(Endpoints.catalogueGame(game))
    }

    /// Those who have the game, latest first, with their presence and whether this user
    /// follows them.
    public func cataloguePlayers(of game: CatalogueGameID, cursor: String? = nil, limit: Int? = nil) async throws
        -> CataloguePlayerPage
    {
        try await perform(Endpoints.cataloguePlayers(of: game, cursor: cursor, limit: limit))
    }

    /// Adds the game to this user's games; adding it again changes nothing.
    public func addToMyGames(_ game: CatalogueGameID) async throws {
        try await perform(Endpoints.addToMyGames(game))
    }

    public func removeFromMyGames(_ game: CatalogueGameID) async throws {
        try await perform(Endpoints.removeFromMyGames(game))
    }

    /// A player's games, latest added first.
    public func catalogueGames(of player: UserID, cursor: String? = nil, limit: Int? = nil) async throws -> CatalogueGamePage {
        try await perform(Endpoints.catalogueGames(of: player, cursor: cursor, limit: limit))
    }
}
