import OXOCore
import SQLKit
import TicTacToe

extension AddColumns {
    /// The board each game is played on: `variant`, null for classic, so every game from
    /// before needs no rewriting. Challenges, *Play random*'s queue and ratings add theirs in
    /// their own folders (`challengeVariants`, `matchQueueVariants`, `CreateVariantRatings`).
    package static let gameVariants = AddColumns("OXOPlay.AddVariants", TableColumns("games", [("variant", .string)]))
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
