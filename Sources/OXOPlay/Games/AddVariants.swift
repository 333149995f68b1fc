import Fluent
import OXOCore
import SQLKit
import TicTacToe

/// The board each game is played on: `variant`, null for classic, so every game from
/// before needs no rewriting. Challenges, *Play random*'s queue and ratings add theirs in
/// their own folders (`AddChallengeVariants`, `AddMatchQueueVariants`, `CreateVariantRatings`).
package struct AddVariants: AsyncMigration {
    package init() {}

    static let columns = TableColumns("games", [("variant", .string)])

    package func prepare(on database: any Database) async throws {
        try await Self.columns.add(on: database)
    }

    package func revert(on database: any Database) async throws {
        try await Self.columns.remove(on: database)
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
