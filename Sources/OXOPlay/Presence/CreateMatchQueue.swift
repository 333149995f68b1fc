import Fluent
import OXOCore

/// The players waiting to be paired by *Play random*, oldest first. Presence keeps it,
/// since waiting is one of the things a player online is doing (the status `waiting`);
/// Matchmaking pairs from it through Presence's changes.
package struct CreateMatchQueue: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("match_queue")
            .field("user_id", .uuid, .identifier(auto: false))
            .field("since", .datetime, .required)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("match_queue").delete()
    }
}
