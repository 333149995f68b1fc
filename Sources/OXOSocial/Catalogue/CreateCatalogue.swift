import Fluent
import OXOCore
import SQLKit

/// The catalogue of video games, each player's games, and the search indexes: SQLite's
/// FTS5 and PostgreSQL's full text, each over the same folded words (`search_text`), and
/// the deletion index of title words that makes a typo findable on both.
package struct CreateCatalogue: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        // `search_key` is an integer because FTS5 keys its rows by one; the id on the wire
        // is the UUID.
        try await database.schema("catalogue_games")
            .field("search_key", .int64, .identifier(auto: true))
            .field("id", .uuid, .required)
            .field("source", .string, .required)
            .field("source_id", .string, .required)
            .field("title", .string, .required)
            .field("search_text", .string, .required)
            .field("released", .string)
            .field("platforms", .string, .required)
            .field("genres", .string, .required)
            .field("developer", .string)
            .field("summary", .string)
            .field("cover_image_id", .string)
            .field("player_count", .int64, .required, .sql(.default(0)))
            .unique(on: "id")
            .unique(on: "source", "source_id")
            .create()
        try await database.sql.raw("CREATE INDEX catalogue_games_by_players ON catalogue_games (player_count, title)").run()
        try await database.schema("catalogue_player_games")
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("game_id", .uuid, .required, .references("catalogue_games", "id", onDelete: .cascade))
            .field("added_at", .datetime, .required)
            .compositeIdentifier(over: "user_id", "game_id")
            .create()
        try await database.sql.raw("CREATE INDEX catalogue_player_games_by_game ON catalogue_player_games (game_id, added_at)").run()
        try await database.sql.raw("CREATE INDEX catalogue_player_games_by_user ON catalogue_player_games (user_id, added_at)").run()
        // Every title word and its spellings with one letter left out (`SearchText.deletions`).
        try await database.schema("catalogue_words")
            .field("variant", .string, .required)
            .field("word", .string, .required)
            .compositeIdentifier(over: "variant", "word")
            .create()
        // What the catalogue remembers of itself, such as the hash of the embedded file last imported.
        try await database.schema("catalogue_state")
            .field("key", .string, .identifier(auto: false))
            .field("value", .string, .required)
            .create()
        try await Self.search.create(on: database.sql)
        try await Self.playerCount.create(on: database.sql)
    }

    /// The index a search asks (`CatalogueSearch`), over the folded words.
    static let search = FullTextIndex("catalogue_search", on: "catalogue_games", column: "search_text", rowKey: "search_key",
                                      vector: "search_vector", vectorIndex: "catalogue_games_search")

    /// How many players have each game, kept by the database, so that a player's games
    /// removed with their account (a guest who never registered) are no longer counted.
    private static let playerCount = CountedRows("player_count", of: "catalogue_games", counting: "catalogue_player_games",
                                                 by: "game_id", sqliteTriggers: "catalogue_player",
                                                 postgresTrigger: "catalogue_players_counted",
                                                 postgresFunction: "catalogue_count_players")

    package func revert(on database: any Database) async throws {
        try await Self.playerCount.drop(on: database.sql)
        try await Self.search.drop(on: database.sql)
        for table in ["catalogue_state", "catalogue_words", "catalogue_player_games", "catalogue_games"] {
            try await database.schema(table).delete()
        }
    }
}
