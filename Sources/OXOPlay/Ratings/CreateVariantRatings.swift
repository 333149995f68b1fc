import Fluent
import OXOCore

/// Ratings kept apart by variant: each board but classic gets a table of ratings and
/// records a pace (`RatingTables`), made as `player_ratings` is, and `rating_history` says
/// which variant each row counted in (`variant`: null for classic, so that older rows
/// need no rewriting).
package struct CreateVariantRatings: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("rating_history").field("variant", .string).update()
        for table in RatingTables.addedWithVariants {
            try await CreateRatings.createRatingsTable(table, on: database)
        }
    }

    package func revert(on database: any Database) async throws {
        for table in RatingTables.addedWithVariants {
            try await database.schema(table).delete()
        }
        try await database.schema("rating_history").deleteField("variant").update()
    }
}
