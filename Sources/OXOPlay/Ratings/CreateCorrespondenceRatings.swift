import Fluent
import OXOCore
import OXOProtocol
import SQLKit

/// Ratings kept apart by pace: correspondence games have a table of ratings and records of
/// their own, made as `player_ratings` is, which from now on holds real-time games' (every
/// row it had was one: there were no correspondence games before). `rating_history` says
/// which pace each row counted in (`pace`: null for real-time, so that older rows need no
/// rewriting).
package struct CreateCorrespondenceRatings: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await CreateRatings.createRatingsTable(RatingTables.table(of: .correspondence), on: database)
        try await database.schema("rating_history").field("pace", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("rating_history").deleteField("pace").update()
        try await database.schema(RatingTables.table(of: .correspondence)).delete()
    }
}

/// Which table holds the ratings of each pace.
enum RatingTables {
    static func table(of pace: Pace) -> String {
        pace == .correspondence ? "correspondence_ratings" : "player_ratings"
    }
}
