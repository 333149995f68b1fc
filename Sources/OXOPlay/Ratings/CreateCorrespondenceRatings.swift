import Fluent
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

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

/// Which table holds the ratings of each variant and pace: classic's are the tables ratings
/// began with, every other variant has one a pace named after it ("gomoku_ratings",
/// "gomoku_correspondence_ratings").
enum RatingTables {
    static func table(of pace: Pace, in variant: Variant = .classic) -> String {
        switch (variant, pace) {
        case (.classic, .realTime): "player_ratings"
        case (.classic, .correspondence): "correspondence_ratings"
        case (_, .realTime): "\(variant.rawValue)_ratings"
        case (_, .correspondence): "\(variant.rawValue)_correspondence_ratings"
        }
    }

    /// Every table, classic's first.
    static let all: [(variant: Variant, pace: Pace, table: String)] = Variant.allCases.flatMap { variant in
        Pace.allCases.map { (variant, $0, table(of: $0, in: variant)) }
    }

    /// The tables `CreateVariantRatings` made.
    static var addedWithVariants: [String] { all.filter { $0.variant != .classic }.map(\.table) }
}
