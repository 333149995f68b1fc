import Foundation
import OXOCore
import SQLKit

/// What a mailed link is for, and how long it works.
enum TokenPurpose: String {
    case passwordReset = "password_reset"
    case emailVerification = "email_verification"

    var lifetime: TimeInterval {
        switch self {
        case .passwordReset: 30 * 60
        case .emailVerification: 48 * 3600
        }
    }
}

/// The tokens of mailed links. Each account has at most one of each purpose: a new link
/// replaces the one before (unique on user and purpose), so what the table holds is
/// bounded by the accounts, and only the newest link mailed works.
extension AccountWrites {
    /// Makes a token for `user`'s link and returns it; only its hash is stored.
    func issueToken(_ purpose: TokenPurpose, for user: UUID, email: String) async throws -> String {
        let token = SessionTokens.make()
        try await spendTokens(of: user, for: purpose)
        try await sql.insert(into: "account_tokens").columns("token_hash", "user_id", "purpose", "email", "expires_at")
            .values(SQLBind(SessionTokens.hash(token)), SQLBind(user), SQLBind(purpose.rawValue), SQLBind(email),
                    SQLBind(now.addingTimeInterval(purpose.lifetime)))
            .run()
        return token
    }

    /// Spends a token: deletes it and returns whose it was and the address it was mailed
    /// to, or nil when it is unknown, spent or out of date. One statement, so of two uses
    /// at once one finds it.
    func spendToken(_ token: String, for purpose: TokenPurpose) async throws -> (user: UUID, email: String)? {
        guard let row = try await sql.raw("""
            DELETE FROM account_tokens WHERE token_hash = \(bind: SessionTokens.hash(token))
            AND purpose = \(bind: purpose.rawValue) AND expires_at > \(bind: now) RETURNING user_id, email
            """).first()
        else { return nil }
        return (try row.decode(column: "user_id", as: UUID.self), try row.decode(column: "email", as: String.self))
    }

    /// Spends every token of `user`'s for `purpose`.
    func spendTokens(of user: UUID, for purpose: TokenPurpose) async throws {
        try await sql.delete(from: "account_tokens").where("user_id", .equal, user).where("purpose", .equal, purpose.rawValue).run()
    }
}

enum AccountTokens {
    /// Whether `token` would be spent now: asked before a new password is hashed, so that
    /// a made-up token costs the server no bcrypt.
    static func isLive(_ token: String, for purpose: TokenPurpose, on database: any SQLDatabase, at now: Date) async throws -> Bool {
        try await database.select().column("user_id").from("account_tokens")
            .where("token_hash", .equal, SessionTokens.hash(token)).where("purpose", .equal, purpose.rawValue)
            .where("expires_at", .greaterThan, now).first() != nil
    }
}
