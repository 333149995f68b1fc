import Foundation

/// A video game in a list: a search's results or a player's games.
public struct CatalogueGameSummary: Codable, Hashable, Sendable {
    public let id: CatalogueGameID
    public let title: String
    /// The first release, a calendar day such as "2017-03-03", when known.
    public let released: String?
    public let platforms: [String]
    /// The cover's address: IGDB's image, or one the server draws from the title
    /// (`/v1/catalogue/cover.svg?…`), fetched without a token.
    public let cover: String
    /// How many players have it among their games.
    public let playerCount: Int

    public init(id: CatalogueGameID, title: String, released: String?, platforms: [String], cover: String, playerCount: Int) {
        self.id = id
        self.title = title
        self.released = released
        self.platforms = platforms
        self.cover = cover
        self.playerCount = playerCount
    }
}

/// A page of video games. Pass `next_cursor` as `cursor` for the next page; nil at the end.
public struct CatalogueGamePage: Codable, Hashable, Sendable {
    public let games: [CatalogueGameSummary]
    public let nextCursor: String?

    public init(games: [CatalogueGameSummary], nextCursor: String?) {
        self.games = games
        self.nextCursor = nextCursor
    }
}

/// `GET /v1/catalogue/games/{gameID}`: a game's page.
public struct CatalogueGame: Codable, Hashable, Sendable {
    public let id: CatalogueGameID
    public let title: String
    public let released: String?
    public let platforms: [String]
    public let genres: [String]
    public let developer: String?
    public let description: String?
    public let cover: String
    public let playerCount: Int
    /// The caller has it among their games.
    public let mine: Bool
    /// Where the catalogue learnt of it: `embedded`, `igdb` or `import`.
    public let source: String

    public init(id: CatalogueGameID, title: String, released: String?, platforms: [String], genres: [String],
                developer: String?, description: String?, cover: String, playerCount: Int, mine: Bool, source: String) {
        self.id = id
        self.title = title
        self.released = released
        self.platforms = platforms
        self.genres = genres
        self.developer = developer
        self.description = description
        self.cover = cover
        self.playerCount = playerCount
        self.mine = mine
        self.source = source
    }
}

/// A player who has a game, as the caller sees them.
public struct CataloguePlayer: Codable, Hashable, Sendable {
    public let player: PlayerSummary
    /// `offline` when no client of theirs is connected.
    public let status: PresenceStatus
    /// The caller follows them.
    public let following: Bool
    /// When they added the game.
    public let since: Date

    public init(player: PlayerSummary, status: PresenceStatus, following: Bool, since: Date) {
        self.player = player
        self.status = status
        self.following = following
        self.since = since
    }
}

/// `GET /v1/catalogue/games/{gameID}/players`: those who have the game, latest first.
public struct CataloguePlayerPage: Codable, Hashable, Sendable {
    public let players: [CataloguePlayer]
    public let nextCursor: String?

    public init(players: [CataloguePlayer], nextCursor: String?) {
        self.players = players
        self.nextCursor = nextCursor
    }
}
