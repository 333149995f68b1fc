import Fluent
import OXOCore
import SQLKit

package struct CreateGames: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("games")
            .field("id", .uuid, .identifier(auto: false))
            .field("code", .string, .required)
            .field("mode", .string, .required)
            .field("listed", .bool, .required)
            .field("level", .string)
            .field("x_user_id", .uuid)
            .field("o_user_id", .uuid)
            .field("creator_id", .uuid, .required)
            .field("phase", .string, .required)
            .field("move_count", .int, .required)
            .field("winner", .string)
            .field("result_reason", .string)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "code")
            .create()
        // The move log. Its unique key is the compare-and-set of the game: of many
        // writers of move n, exactly one can insert it.
        try await database.schema("moves")
            .field("game_id", .uuid, .required, .references("games", "id", onDelete: .cascade))
            .field("number", .int, .required)
            .field("cell", .int, .required)
            .field("mark", .string, .required)
            .field("user_id", .uuid)
            .field("played_at", .datetime, .required)
            .unique(on: "game_id", "number")
            .create()
        try await database.schema("game_watchers")
            .field("game_id", .uuid, .required, .references("games", "id", onDelete: .cascade))
            .field("connection_id", .uuid, .required)
            .field("user_id", .uuid, .required)
            .field("since", .datetime, .required)
            .unique(on: "game_id", "connection_id")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX games_by_phase ON games (phase, listed, created_at)").run()
        try await sql.raw("CREATE INDEX games_by_x ON games (x_user_id, created_at)").run()
        try await sql.raw("CREATE INDEX games_by_o ON games (o_user_id, created_at)").run()
        try await sql.raw("CREATE INDEX watchers_by_connection ON game_watchers (connection_id)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("game_watchers").delete()
        try await database.schema("moves").delete()
        try await database.schema("games").delete()
    }
}
