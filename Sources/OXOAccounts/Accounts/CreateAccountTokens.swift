import Fluent
import OXOCore

/// The links mailed to people: a password reset, an address's verification. Only each
/// token's SHA-256 is kept, so a copy of the database opens nothing. When an account's
/// address was verified is on `users`; accounts made before are unverified until their
/// owner asks for a link (`POST /v1/me/email-verification`).
package struct CreateAccountTokens: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("users").field("email_verified_at", .datetime).update()
        try await database.schema("account_tokens")
            .field("token_hash", .string, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references("users", .id, onDelete: .cascade))
            // "password_reset" or "email_verification"
            .field("purpose", .string, .required)
            // The address a verification is for: a link mailed to an address since replaced verifies nothing.
            .field("email", .string, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "user_id", "purpose")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("account_tokens").delete()
        try await database.schema("users").deleteField("email_verified_at").update()
    }
}
