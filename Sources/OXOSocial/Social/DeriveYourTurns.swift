import Fluent
import OXOCore
import SQLKit

/// "Your turn" stops being stored (`YourTurns`): the rows a move once wrote go, and what is
/// kept instead is which turns a player read, written when they read one.
package struct DeriveYourTurns: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.sql.delete(from: "notifications").where("kind", .equal, "your_turn").run()
        // `through_move`: the game's move count when the player read that turn.
        try await database.schema("your_turns_read")
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("game_id", .uuid, .required)
            .field("through_move", .int, .required)
            .field("read_at", .datetime, .required)
            .compositeIdentifier(over: "user_id", "game_id")
            .create()
        try await database.sql.raw("CREATE INDEX your_turns_read_by_age ON your_turns_read (read_at)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("your_turns_read").delete()
    }
}
