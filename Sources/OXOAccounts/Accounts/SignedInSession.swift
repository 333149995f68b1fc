import Foundation
import OXOCore

/// A session found by its token, with the columns of its user that a request needs: read
/// in one statement, since every request that is signed in reads it first.
struct SignedInSession: Decodable {
    let sessionId: UUID
    let lastUsedAt: Date
    let userId: UUID
    let username: String
    let displayName: String
    let avatarMedia: String?
    let suspendedAt: Date?
    let bot: Bool

    enum CodingKeys: String, CodingKey {
        case sessionId = "session_id", lastUsedAt = "last_used_at", userId = "user_id", username
        case displayName = "display_name", avatarMedia = "avatar_media", suspendedAt = "suspended_at", bot
    }

    /// Written once: every request that carries a token and every socket's upgrade runs it.
    static let query = FixedStatement("""
        SELECT s.id AS session_id, s.last_used_at AS last_used_at, u.id AS user_id, u.username AS username,
        u.display_name AS display_name, u.avatar_media AS avatar_media, u.suspended_at AS suspended_at, u.bot AS bot
        FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1
        """)
}
