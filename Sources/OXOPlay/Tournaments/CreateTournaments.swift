import Fluent
import OXOCore
import SQLKit

/// Tournaments (issue 54): the events, their players, their games (and byes), and the
/// players invited to private ones.
package struct CreateTournaments: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("tournaments")
            .field("id", .uuid, .identifier(auto: false))
            .field("kind", .string, .required)
            .field("name", .string, .required)
            .field("variant", .string)
            .field("time_control", .string, .required)
            .field("clock_initial", .int)
            .field("clock_increment", .int)
            .field("days_per_move", .int)
            .field("starts_at", .datetime, .required)
            // An arena's end; a Swiss event's once it finished.
            .field("ends_at", .datetime)
            .field("rounds", .int)
            // The Swiss round being played, 0 before the first.
            .field("round", .int, .required)
            .field("round_interval", .int)
            .field("round_started_at", .datetime)
            .field("state", .string, .required)
            .field("creator_id", .uuid, .required)
            .field("private", .bool, .required)
            .field("code", .string)
            .field("bots_allowed", .bool, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.raw("CREATE INDEX tournaments_by_state ON tournaments (state, starts_at)").run()
        try await database.sql.raw("CREATE INDEX tournaments_by_creator ON tournaments (creator_id, created_at)").run()

        try await database.schema("tournament_players")
            .field("tournament_id", .uuid, .required)
            .field("user_id", .uuid, .required)
            .field("joined_at", .datetime, .required)
            .field("withdrawn", .bool, .required)
            // The rating in the tournament's variant and pace when they joined.
            .field("rating", .double, .required)
            // The game of this tournament the player is in now: set only where it is null,
            // so that nobody is ever in two games of one tournament at once.
            .field("busy_game", .uuid)
            .field("last_opponent", .uuid)
            // Games with X less games with O.
            .field("colour_balance", .int, .required)
            .create()
        try await database.sql.raw("CREATE UNIQUE INDEX tournament_players_once ON tournament_players (tournament_id, user_id)").run()
        try await database.sql.raw("CREATE INDEX tournament_players_by_user ON tournament_players (user_id)").run()

        try await database.schema("tournament_games")
            .field("id", .uuid, .identifier(auto: false))
            .field("tournament_id", .uuid, .required)
            // The Swiss round, or the arena's wave.
            .field("round", .int, .required)
            // Null for a bye and for a game lost by a missed start.
            .field("game_id", .uuid)
            .field("x_id", .uuid, .required)
            // Null for a bye.
            .field("o_id", .uuid)
            .field("result", .string)
            // The order games finished in, within the tournament (streaks count by it).
            .field("finish_order", .int)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.raw("CREATE INDEX tournament_games_by_tournament ON tournament_games (tournament_id, round)").run()
        try await database.sql.raw("CREATE UNIQUE INDEX tournament_games_by_game ON tournament_games (game_id)").run()

        try await database.schema("tournament_invitations")
            .field("tournament_id", .uuid, .required)
            .field("user_id", .uuid, .required)
            .field("invited_at", .datetime, .required)
            .create()
        try await database.sql.raw(
            "CREATE UNIQUE INDEX tournament_invitations_once ON tournament_invitations (tournament_id, user_id)").run()
    }

    package func revert(on database: any Database) async throws {
        for table in ["tournament_invitations", "tournament_games", "tournament_players", "tournaments"] {
            try await database.schema(table).delete()
        }
    }
}
