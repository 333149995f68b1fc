import Fluent
import OXOCore

/// Two-step sign-in: an account's TOTP secret and its recovery codes. Both go with the
/// account (`ON DELETE CASCADE`), so a deletion or a guest's removal needs no step of its own.
package struct CreateSecondFactors: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("totp_factors")
            .field("user_id", .uuid, .identifier(auto: false), .references("users", .id, onDelete: .cascade))
            // Base32, as the owner's app was given it; kept as the password hashes are (a
            // backup is as private as the data file).
            .field("secret", .string, .required)
            // Nil while the enrolment waits for its first code: until then it asks nothing of a sign-in.
            .field("confirmed_at", .datetime)
            // The last time step whose code was accepted: a code of it or an earlier one is refused.
            .field("last_step", .int64)
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema("totp_recovery_codes")
            .field("user_id", .uuid, .required, .references("users", .id, onDelete: .cascade))
            // SHA-256 of the code without its dashes; the code itself is shown once.
            .field("code_hash", .string, .required)
            .unique(on: "user_id", "code_hash")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("totp_recovery_codes").delete()
        try await database.schema("totp_factors").delete()
    }
}
