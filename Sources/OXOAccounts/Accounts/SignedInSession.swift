import Foundation
import OXOCore
import OXOProtocol

/// The columns of a signed-in user that a request needs, read in the same statement as the
/// session or the access token that proves who it is (`userColumns` names them).
struct SignedInUser: Decodable {
    let userId: UUID
    let username: String
    let displayName: String
    let avatarMedia: String?
    let suspendedAt: Date?
    let bot: Bool

    enum CodingKeys: String, CodingKey {
        case userId = "user_id", username, displayName = "display_name", avatarMedia = "avatar_media"
        case suspendedAt = "suspended_at", bot
    }

    /// The select list of these columns from `users u`.
    static let userColumns = """
        u.id AS user_id, u.username AS username, u.display_name AS display_name, u.avatar_media AS avatar_media,
        u.suspended_at AS suspended_at, u.bot AS bot
        """

    /// The user, proven by the session (or token) `proof`, acting within `scopes` (nil: all).
    func authenticated(by proof: UUID, scopes: Set<TokenScope>? = nil) -> AuthenticatedUser {
        AuthenticatedUser(
            id: UserID(rawValue: userId), sessionID: OXOProtocol.SessionID(rawValue: proof),
            username: username, displayName: displayName,
            avatar: AvatarURL.of(photo: avatarMedia, username: username, displayName: displayName),
            bot: bot, scopes: scopes)
    }
}

/// A session found by its token, with its user: read in one statement, since every request
/// that is signed in reads it first.
struct SignedInSession: Decodable {
    let sessionId: UUID
    let lastUsedAt: Date
    let user: SignedInUser

    private enum CodingKeys: String, CodingKey {
        case sessionId = "session_id", lastUsedAt = "last_used_at"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionId = try container.decode(UUID.self, forKey: .sessionId)
        lastUsedAt = try container.decode(Date.self, forKey: .lastUsedAt)
        user = try SignedInUser(from: decoder)
    }

    /// Written once: every request that carries a token and every socket's upgrade runs it.
    static let query = FixedStatement("""
        SELECT s.id AS session_id, s.last_used_at AS last_used_at, \(SignedInUser.userColumns)
        FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1
        """)
}
