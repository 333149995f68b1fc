import Fluent
import Foundation

final class UserRecord: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "username") var username: String
    /// The username in lower case: unique, so that "Alice" and "alice" are one name.
    @Field(key: "username_key") var usernameKey: String
    /// Stored in lower case, unique.
    @Field(key: "email") var email: String
    @Field(key: "display_name") var displayName: String
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "created_at") var createdAt: Date
    /// The hash of the user's photo in `media`; nil for the stock avatar.
    @OptionalField(key: "avatar_media") var avatarMedia: String?
    /// When a moderator suspended the account; nil while it may sign in.
    @OptionalField(key: "suspended_at") var suspendedAt: Date?
    /// A computer player's account (`BotAccounts`); never a registered person's.
    @Field(key: "bot") var bot: Bool
    /// When the owner opened the link mailed to `email`; nil while it is unverified.
    @OptionalField(key: "email_verified_at") var emailVerifiedAt: Date?
    /// The address asked for at registration when another account held it (`email` is then
    /// under `pending.invalid`); shown to the owner as theirs, never confirmed.
    @OptionalField(key: "pending_email") var pendingEmail: String?
    /// The code of the language the owner chose for their pushes and mails (`UserLanguage`);
    /// nil when they never chose, and they are written to in English.
    @OptionalField(key: "language") var language: String?

    init() {}

    init(username: String, email: String, displayName: String, passwordHash: String, createdAt: Date, bot: Bool = false) {
        self.username = username
        usernameKey = username.lowercased()
        self.email = email.lowercased()
        self.displayName = displayName
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.bot = bot
    }
}

/// A display name a user had before, kept so that friends can be told of renames.
final class DisplayNameChangeRecord: Model, @unchecked Sendable {
    static let schema = "display_name_changes"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "previous_name") var previousName: String
    @Field(key: "changed_at") var changedAt: Date

    init() {}

    init(userID: UUID, previousName: String, changedAt: Date) {
        self.userID = userID
        self.previousName = previousName
        self.changedAt = changedAt
    }
}

/// A signed-in device. Only the SHA-256 of its token is kept, so a copy of the
/// database does not let anyone sign in.
final class SessionRecord: Model, @unchecked Sendable {
    static let schema = "sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "last_used_at") var lastUsedAt: Date
    /// What signed in ("Chrome on Linux"), from `DeviceNames`; nil for sessions older than the column.
    @OptionalField(key: "device") var device: String?
    /// The client address it signed in from; nil for sessions older than the column.
    @OptionalField(key: "address") var address: String?

    init() {}

    init(userID: UUID, tokenHash: String, createdAt: Date, device: String, address: String) {
        self.userID = userID
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        lastUsedAt = createdAt
        self.device = device
        self.address = address
    }
}
