import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Finding the user a personal access token acts for. A token is told from a session's by
/// its prefix, so a request costs one lookup whichever it carries.
enum PersonalTokens {
    static let prefix = "oxo_pat_"

    static func make() -> String { prefix + SessionTokens.make() }

    /// The token's owner, acting within its scopes; `unauthorized` for a token unknown,
    /// revoked or expired, or whose owner is suspended.
    static func user(with token: String, store: Store) async throws -> AuthenticatedUser {
        let now = store.clock.now
        guard let found = try await query.on(store.sql, SessionTokens.hash(token)).first(decoding: Found.self),
              found.expiresAt > now, found.user.suspendedAt == nil
        else {
            throw APIError(.unauthorized, "This access token has expired or was revoked.")
        }
        // A minute's precision is plenty for "last used", and spares each request a write.
        if found.lastUsedAt.map({ now.timeIntervalSince($0) > 60 }) ?? true {
            try await store.change { try await $0.accessTokens.recordUse(of: found.tokenId) }
        }
        return found.user.authenticated(by: found.tokenId, scopes: Set(TokenScopes.read(found.scopes)))
    }

    private struct Found: Decodable {
        let tokenId: UUID
        let expiresAt: Date
        let lastUsedAt: Date?
        let scopes: String
        let user: SignedInUser

        private enum CodingKeys: String, CodingKey {
            case tokenId = "token_id", expiresAt = "expires_at", lastUsedAt = "last_used_at", scopes
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            tokenId = try container.decode(UUID.self, forKey: .tokenId)
            expiresAt = try container.decode(Date.self, forKey: .expiresAt)
            lastUsedAt = try container.decodeIfPresent(Date.self, forKey: .lastUsedAt)
            scopes = try container.decode(String.self, forKey: .scopes)
            user = try SignedInUser(from: decoder)
        }
    }

    private static let query = FixedStatement("""
        SELECT t.id AS token_id, t.expires_at AS expires_at, t.last_used_at AS last_used_at, t.scopes AS scopes,
        \(SignedInUser.userColumns)
        FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1
        """)
}
