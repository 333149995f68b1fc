import Fluent
import OXOCore
import SQLKit
import TicTacToe

/// The board each game is played on, and each challenge and wait for *Play random* asks
/// for: `variant`, null for classic (so every row from before needs no rewriting). Each
/// variant other than classic gets its own tables of ratings, one a pace
/// (`RatingTables`), and `rating_history` says which variant a row counted in.
package struct AddVariants: AsyncMigration {
    package init() {}

    private static let tables = ["games", "challenges", "match_queue", "rating_history"]

    package func prepare(on database: any Database) async throws {
        for table in Self.tables {
            try await database.schema(table).field("variant", .string).update()
        }
        for table in RatingTables.addedWithVariants {
            try await CreateRatings.createRatingsTable(table, on: database)
        }
    }

    package func revert(on database: any Database) async throws {
        for table in RatingTables.addedWithVariants {
            try await database.schema(table).delete()
        }
        for table in Self.tables.reversed() {
            try await database.schema(table).deleteField("variant").update()
        }
    }
}

/// How a variant is kept in a `variant` column: null for classic, else its wire name.
enum VariantColumn {
    static func value(of variant: Variant) -> String? {
        variant == .classic ? nil : variant.rawValue
    }

    static func read(_ stored: String?) -> Variant {
        stored.flatMap(Variant.init(rawValue:)) ?? .classic
    }

    /// A condition that holds for a row of `variant`.
    static func matching(_ variant: Variant) -> SQLQueryString {
        guard let name = value(of: variant) else { return "variant IS NULL" }
        return "variant = \(bind: name)"
    }
}
