import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Personal access tokens' writes, on `change.accessTokens`.
package struct AccessTokenWrites: ChangeHandle { package let change: Change }

extension Change { package var accessTokens: AccessTokenWrites { AccessTokenWrites(change: self) } }

extension AccessTokenWrites {
    /// Stores a token of `user`'s, of which only `hash` is kept, working for `days`;
    /// refused while the account holds `AccessTokenService.limit` already.
    func create(named name: String, scopes: [TokenScope], days: Int, hash: String, for user: UserID) async throws -> AccessTokenView {
        let held = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "held")
            .from("access_tokens").where("user_id", .equal, user.rawValue).first()?.decode(column: "held", as: Int.self) ?? 0
        guard held < AccessTokenService.limit else {
            throw APIError(.rateLimited, "An account holds at most \(AccessTokenService.limit) access tokens; revoke one first.")
        }
        let view = AccessTokenView(id: AccessTokenID(rawValue: UUID.random()), name: name, scopes: scopes, createdAt: now,
                                   expiresAt: now.addingTimeInterval(TimeInterval(days) * 86_400), lastUsedAt: nil)
        try await sql.insert(into: "access_tokens")
            .columns("id", "user_id", "token_hash", "name", "scopes", "created_at", "expires_at")
            .values(SQLBind(view.id.rawValue), SQLBind(user.rawValue), SQLBind(hash), SQLBind(view.name),
                    SQLBind(TokenScopes.text(of: scopes)), SQLBind(view.createdAt), SQLBind(view.expiresAt))
            .run()
        return view
    }

    /// Revokes one token of `user`'s; false when they have no such token.
    func revoke(_ id: AccessTokenID, of user: UserID) async throws -> Bool {
        try await !sql.delete(from: "access_tokens").where("id", .equal, id.rawValue).where("user_id", .equal, user.rawValue)
            .returning("id").all().isEmpty
    }

    /// Notes that the token acted now.
    func recordUse(of token: UUID) async throws {
        try await sql.update("access_tokens").set("last_used_at", to: now).where("id", .equal, token).run()
    }

    /// Ends every personal access token of `user` (a password change asked to).
    func end(of user: UUID) async throws {
        try await sql.delete(from: "access_tokens").where("user_id", .equal, user).run()
    }
}
