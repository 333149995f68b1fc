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
        if database.sql.isSQLite {
            try await createSQLiteSearch(on: database.sql)
        } else {
            try await createPostgresSearch(on: database.sql)
        }
    }

    /// An FTS5 index over `search_text` kept in step by triggers (FTS5's external content
    /// recipe), and the player count kept by triggers too, so that a player's games
    /// removed with their account (a guest who never registered) are no longer counted.
    private func createSQLiteSearch(on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            CREATE VIRTUAL TABLE catalogue_search USING fts5(search_text, content='catalogue_games',
            content_rowid='search_key', tokenize='unicode61', prefix='1 2 3')
            """).run()
        try await sql.raw("""
            CREATE TRIGGER catalogue_search_added AFTER INSERT ON catalogue_games BEGIN
            INSERT INTO catalogue_search (rowid, search_text) VALUES (new.search_key, new.search_text); END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER catalogue_search_removed AFTER DELETE ON catalogue_games BEGIN
            INSERT INTO catalogue_search (catalogue_search, rowid, search_text) VALUES ('delete', old.search_key, old.search_text); END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER catalogue_search_changed AFTER UPDATE OF search_text ON catalogue_games BEGIN
            INSERT INTO catalogue_search (catalogue_search, rowid, search_text) VALUES ('delete', old.search_key, old.search_text);
            INSERT INTO catalogue_search (rowid, search_text) VALUES (new.search_key, new.search_text); END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER catalogue_player_added AFTER INSERT ON catalogue_player_games BEGIN
            UPDATE catalogue_games SET player_count = player_count + 1 WHERE id = new.game_id; END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER catalogue_player_removed AFTER DELETE ON catalogue_player_games BEGIN
            UPDATE catalogue_games SET player_count = player_count - 1 WHERE id = old.game_id; END
            """).run()
    }

    /// A generated `tsvector` of `search_text` (the `simple` configuration: no stemming, no
    /// stop words, since the words are already folded) under a GIN index.
    private func createPostgresSearch(on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            ALTER TABLE catalogue_games ADD COLUMN search_vector tsvector
            GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED
            """).run()
        try await sql.raw("CREATE INDEX catalogue_games_search ON catalogue_games USING GIN (search_vector)").run()
        try await sql.raw("""
            CREATE FUNCTION catalogue_count_players() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    UPDATE catalogue_games SET player_count = player_count + 1 WHERE id = NEW.game_id;
                ELSE
                    UPDATE catalogue_games SET player_count = player_count - 1 WHERE id = OLD.game_id;
                END IF;
                RETURN NULL;
            END $$
            """).run()
        try await sql.raw("""
            CREATE TRIGGER catalogue_players_counted AFTER INSERT OR DELETE ON catalogue_player_games
            FOR EACH ROW EXECUTE FUNCTION catalogue_count_players()
            """).run()
    }

    package func revert(on database: any Database) async throws {
        if !database.sql.isSQLite {
            try await database.sql.raw("DROP FUNCTION IF EXISTS catalogue_count_players CASCADE").run()
        } else {
            try await database.sql.raw("DROP TABLE IF EXISTS catalogue_search").run()
        }
        for table in ["catalogue_state", "catalogue_words", "catalogue_player_games", "catalogue_games"] {
            try await database.schema(table).delete()
        }
    }
}
