import Foundation
import OXOProtocol

/// An account as `users` holds it, read and written through SQLKit (`AccountQueries`,
/// `change.accounts`). It stays inside Accounts: what goes out is a `UserView` or a
/// `PlayerSummary`, so a password hash cannot leak by accident.
struct UserRow: Decodable, Sendable {
    let id: UUID
    let username: String
    /// The username in lower case: unique, so that "Alice" and "alice" are one name.
    let usernameKey: String
    /// Stored in lower case, unique.
    let email: String
    let displayName: String
    let passwordHash: String
    let createdAt: Date
    /// The hash of the user's photo in `media`; nil for the stock avatar.
    var avatarMedia: String?
    /// When a moderator suspended the account; nil while it may sign in.
    var suspendedAt: Date?
    /// A computer player's account (`BotAccounts`); never a registered person's.
    let bot: Bool
    /// When the owner opened the link mailed to `email`; nil while it is unverified.
    var emailVerifiedAt: Date?
    /// The address asked for at registration when another account held it (`email` is then
    /// under `pending.invalid`); shown to the owner as theirs, never confirmed.
    var pendingEmail: String?
    /// The code of the language the owner chose for their pushes and mails (`UserLanguage`);
    /// nil when they never chose, and they are written to in English.
    var language: String?

    /// A new account, its id drawn here.
    init(username: String, email: String, displayName: String, passwordHash: String, createdAt: Date, bot: Bool = false,
         pendingEmail: String? = nil, language: String? = nil) {
        id = UUID.random()
        self.username = username
        usernameKey = username.lowercased()
        self.email = email.lowercased()
        self.displayName = displayName
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.bot = bot
        self.pendingEmail = pendingEmail
        self.language = language
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, username, usernameKey = "username_key", email, displayName = "display_name", passwordHash = "password_hash"
        case createdAt = "created_at", avatarMedia = "avatar_media", suspendedAt = "suspended_at", bot
        case emailVerifiedAt = "email_verified_at", pendingEmail = "pending_email", language
    }

    var summary: PlayerSummary? {
        PlayerNames.summary(id: id, username: username, displayName: displayName, avatarMedia: avatarMedia, bot: bot)
    }
}

/// A signed-in device. Only the SHA-256 of its token is kept, so a copy of the
/// database does not let anyone sign in.
struct SessionRow: Decodable, Sendable {
    let id: UUID
    let userID: UUID
    let tokenHash: String
    let createdAt: Date
    let lastUsedAt: Date
    /// What signed in ("Chrome on Linux"), from `DeviceNames`; nil for sessions older than the column.
    let device: String?
    /// The client address it signed in from; nil for sessions older than the column.
    let address: String?

    /// A new session, its id drawn here.
    init(userID: UUID, tokenHash: String, createdAt: Date, device: String, address: String) {
        id = UUID.random()
        self.userID = userID
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        lastUsedAt = createdAt
        self.device = device
        self.address = address
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, userID = "user_id", tokenHash = "token_hash", createdAt = "created_at", lastUsedAt = "last_used_at", device, address
    }
}
