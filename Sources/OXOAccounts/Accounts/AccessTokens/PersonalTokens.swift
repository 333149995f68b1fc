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
              found.expiresAt > now, found.suspendedAt == nil
        else {
            throw APIError(.unauthorized, "This access token has expired or was revoked.")
        }
        // A minute's precision is plenty for "last used", and spares each request a write.
        if found.lastUsedAt.map({ now.timeIntervalSince($0) > 60 }) ?? true {
            try await store.change { change in
                try await change.sql.update("access_tokens").set("last_used_at", to: now).where("id", .equal, found.tokenId).run()
            }
        }
        return AuthenticatedUser(
            id: UserID(rawValue: found.userId), sessionID: OXOProtocol.SessionID(rawValue: found.tokenId),
            username: found.username, displayName: found.displayName,
            avatar: AvatarURL.of(photo: found.avatarMedia, username: found.username, displayName: found.displayName),
            bot: found.bot, scopes: Set(found.scopes.split(separator: ",").compactMap { TokenScope(rawValue: String($0)) }))
    }

    private struct Found: Decodable {
        let tokenId: UUID
        let expiresAt: Date
        let lastUsedAt: Date?
        let scopes: String
        let userId: UUID
        let username: String
        let displayName: String
        let avatarMedia: String?
        let suspendedAt: Date?
        let bot: Bool

        enum CodingKeys: String, CodingKey {
            case tokenId = "token_id", expiresAt = "expires_at", lastUsedAt = "last_used_at", scopes, userId = "user_id"
            case username, displayName = "display_name", avatarMedia = "avatar_media", suspendedAt = "suspended_at", bot
        }
    }

    private static let query = FixedStatement("""
        SELECT t.id AS token_id, t.expires_at AS expires_at, t.last_used_at AS last_used_at, t.scopes AS scopes,
        u.id AS user_id, u.username AS username, u.display_name AS display_name, u.avatar_media AS avatar_media,
        u.suspended_at AS suspended_at, u.bot AS bot
        FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1
        """)
}
