import Foundation
import OXOCore
import OXOProtocol
import SQLKit

extension AddColumns {
    /// The language a person chose for what the server writes to them: `language`, its code,
    /// null for one who never chose (written to in English), so no account from before needs
    /// rewriting.
    package static let userLanguages = AddColumns("OXOAccounts.AddLanguages", TableColumns("users", [("language", .string)]))
}

/// How a language is kept in `users.language` (its code; null when none was chosen), and how
/// other domains read a person's: the pushes Social words for them.
package enum UserLanguage {
    static func value(of language: Language?) -> String? {
        language?.rawValue
    }

    static func read(_ stored: String?) -> Language? {
        stored.flatMap(Language.init(rawValue:))
    }

    /// The language `user` chose; nil when they never chose or there is no such account.
    package static func of(_ user: UUID, on sql: any SQLDatabase) async throws -> Language? {
        read(try await chosen.on(sql, user).first()?.decode(column: "language", as: String?.self))
    }

    /// Asked before each push, so written once.
    private static let chosen = FixedStatement("SELECT language FROM users WHERE id = $1")
}
