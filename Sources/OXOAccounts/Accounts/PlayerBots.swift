import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// A bot a player made of their own account (`POST /v1/me/bot`), as the accounts keep it:
/// marked as a bot like an operator's, with the boards it plays in `bot_variants` (every
/// board's name when it plays them all). An operator's bots leave the column empty.
package enum PlayerBots {
    package static let variantsColumn = AddColumns("OXOAccounts.AddBotVariants", TableColumns("users", [("bot_variants", .string)]))

    /// The boards `user` plays when it is a player's bot; nil for anyone else.
    package static func variants(of user: UserID, on database: any SQLDatabase) async throws -> [Variant]? {
        let text = try await botVariants.on(database, user.rawValue).first()?.decode(column: "bot_variants", as: String?.self)
        return text.map { $0.split(separator: ",").compactMap { Variant(rawValue: String($0)) } }
    }

    private static let botVariants = FixedStatement("SELECT bot_variants FROM users WHERE id = $1")
}

extension AccountWrites {
    /// Marks `user` as a bot for good, playing `variants`; false when there is no such account.
    package func turnIntoBot(_ user: UserID, playing variants: [Variant]) async throws -> Bool {
        let text = Variant.allCases.filter(variants.contains).map(\.rawValue).joined(separator: ",")
        return try await !sql.update("users").set("bot", to: SQLBind(true)).set("bot_variants", to: SQLBind(text))
            .where("id", .equal, user.rawValue).returning("id").all().isEmpty
    }
}
