import Fluent
import OXOCore
import SQLKit

/// Each player's current rating and record, their rating after each game that counted
/// (one row per player and game, so a game can count only once), and their wins in rated
/// games per week. A player's rows go with their account (a guest's after a day).
package struct CreateRatings: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await Self.createRatingsTable("player_ratings", on: database)

        try await database.schema("rating_history")
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("game_id", .uuid, .required)
            .field("finished_at", .datetime, .required)
            .field("score", .double, .required)
            // Null when the game counted in the record only (a guest played in it).
            .field("rating", .double)
            .field("deviation", .double)
            .unique(on: "user_id", "game_id")
            .create()
        try await database.sql.raw("CREATE INDEX rating_history_by_time ON rating_history (user_id, finished_at)").run()

        try await database.schema("weekly_wins")
            .field("week_start", .datetime, .required)
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("wins", .int, .required)
            .unique(on: "week_start", "user_id")
            .create()
        try await database.sql.raw("CREATE INDEX weekly_wins_by_wins ON weekly_wins (week_start, wins, user_id)").run()
    }

    /// A table of players' current ratings and records (one per pace).
    static func createRatingsTable(_ table: String, on database: any Database) async throws {
        try await database.schema(table)
            .field("user_id", .uuid, .identifier(auto: false), .references("users", "id", onDelete: .cascade))
            .field("rating", .double, .required)
            .field("deviation", .double, .required)
            .field("volatility", .double, .required)
            .field("won", .int, .required)
            .field("lost", .int, .required)
            .field("drawn", .int, .required)
            .field("updated_at", .datetime, .required)
            .create()
        // The board by rating reads this index from the top; provisional players are
        // skipped by the condition on the deviation.
        try await database.sql.raw("CREATE INDEX \(ident: table + "_by_rating") ON \(ident: table) (rating, user_id)").run()
    }

    package func revert(on database: any Database) async throws {
        for table in ["weekly_wins", "rating_history", "player_ratings"] {
            try await database.schema(table).delete()
        }
    }
}
