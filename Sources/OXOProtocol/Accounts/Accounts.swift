import Foundation

public struct RegisterRequest: Codable, Hashable, Sendable {
    public var username: String
    public var email: String
    public var password: String
    public var displayName: String?
    /// The language the server writes the account's pushes and mails in; English when left
    /// out. For a guest's registration (`POST /v1/me/registration`), left out keeps the one
    /// the guest chose.
    public var language: Language?

    public init(username: String, email: String, password: String, displayName: String? = nil, language: Language? = nil) {
        self.username = username
        self.email = email
        self.password = password
        self.displayName = displayName
        self.language = language
    }
}

/// Playing at once, without registering: the server makes up the account.
public struct GuestRequest: Codable, Hashable, Sendable {
    /// What other players see; "Guest K7QX3M" when left out.
    public var displayName: String?
    /// The language the server writes the account's pushes in; English when left out.
    public var language: Language?

    public init(displayName: String? = nil, language: Language? = nil) {
        self.displayName = displayName
        self.language = language
    }
}

public struct LoginRequest: Codable, Hashable, Sendable {
    /// A username or an e-mail address.
    public var login: String
    public var password: String
    /// With two-step sign-in on, a code from the authenticator app, or
    public var totp: String?
    /// one of the account's recovery codes.
    public var recoveryCode: String?

    public init(login: String, password: String, totp: String? = nil, recoveryCode: String? = nil) {
        self.login = login
        self.password = password
        self.totp = totp
        self.recoveryCode = recoveryCode
    }
}

/// What a login or a registration returns: the bearer token (shown only this once) and
/// the signed-in user.
public struct SessionGrant: Codable, Hashable, Sendable {
    public let token: String
    public let session: SessionView
    public let user: UserView

    public init(token: String, session: SessionView, user: UserView) {
        self.token = token
        self.session = session
        self.user = user
    }
}

public struct SessionView: Codable, Hashable, Sendable {
    public let id: SessionID
    public let createdAt: Date
    public let lastUsedAt: Date
    public let expiresAt: Date
    /// True for the session whose token made this request.
    public let current: Bool
    /// What signed in, named by the server from its User-Agent: "Chrome on Linux",
    /// "oxo terminal", "OXO SDK", "Unknown device".
    public let device: String
    /// The client address it signed in from; nil for sessions from before it was kept.
    public let address: String?

    public init(id: SessionID, createdAt: Date, lastUsedAt: Date, expiresAt: Date, current: Bool,
                device: String = "Unknown device", address: String? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
        self.current = current
        self.device = device
        self.address = address
    }
}

/// The signed-in user's own account.
public struct UserView: Codable, Hashable, Sendable {
    public let id: UserID
    public let username: String
    public let email: String
    public let displayName: String
    /// Earlier display names, oldest first.
    public let previousDisplayNames: [String]
    public let createdAt: Date
    /// A guest's account, made up by the server: it may register to keep its games
    /// (`POST /v1/me/registration`), and is removed a day after it was made otherwise.
    public let guest: Bool
    /// The address of the user's picture: their photo, or the stock avatar drawn from
    /// their name. See `PlayerSummary.avatar`.
    public let avatar: String
    /// Whether the owner opened the link mailed to `email`; only a verified address is
    /// sent a password reset. Always false for a guest.
    public let emailVerified: Bool
    /// A computer player's account, as in its `PlayerSummary`: `bot: true` on the wire, left
    /// out for everyone else.
    public let bot: Bool
    /// The language the user chose for what the server writes to them (pushes, mails); nil
    /// (`null` on the wire) when they never chose, and the server writes to them in English.
    public let language: Language?

    public init(id: UserID, username: String, email: String, displayName: String,
                previousDisplayNames: [String], createdAt: Date, guest: Bool = false, avatar: String,
                emailVerified: Bool = false, bot: Bool = false, language: Language? = nil) {
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.previousDisplayNames = previousDisplayNames
        self.createdAt = createdAt
        self.guest = guest
        self.avatar = avatar
        self.emailVerified = emailVerified
        self.bot = bot
        self.language = language
    }

    private enum CodingKeys: String, CodingKey {
        case id, username, email, displayName, previousDisplayNames, createdAt, guest, avatar, emailVerified, bot, language
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UserID.self, forKey: .id)
        username = try container.decode(String.self, forKey: .username)
        email = try container.decode(String.self, forKey: .email)
        displayName = try container.decode(String.self, forKey: .displayName)
        previousDisplayNames = try container.decode([String].self, forKey: .previousDisplayNames)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        guest = try container.decode(Bool.self, forKey: .guest)
        avatar = try container.decode(String.self, forKey: .avatar)
        emailVerified = try container.decode(Bool.self, forKey: .emailVerified)
        bot = try container.decodeIfPresent(Bool.self, forKey: .bot) ?? false
        // A server from before languages sends none: the user never chose.
        language = try container.decodeIfPresent(Language.self, forKey: .language)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(email, forKey: .email)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(previousDisplayNames, forKey: .previousDisplayNames)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(guest, forKey: .guest)
        try container.encode(avatar, forKey: .avatar)
        try container.encode(emailVerified, forKey: .emailVerified)
        if bot { try container.encode(true, forKey: .bot) }
        // Always present: `null` says the user never chose.
        if let language { try container.encode(language, forKey: .language) } else { try container.encodeNil(forKey: .language) }
    }
}

/// Another user as anyone may see them.
public struct PlayerSummary: Codable, Hashable, Sendable {
    public let id: UserID
    public let username: String
    public let displayName: String
    /// The address of the player's picture, relative to the server (`/v1/media/<sha256>`
    /// for a photo, `/v1/avatars/stock.svg?…` for the stock avatar drawn from the name);
    /// fetched without a token, since the address itself is the key.
    public let avatar: String
    /// A computer player's account, made by an operator (`oxo admin bot create`). On the
    /// wire `bot: true`, and left out for everyone else, so a person's summary (in every
    /// move's game) costs no more bytes than before bots.
    public let bot: Bool

    public init(id: UserID, username: String, displayName: String, avatar: String, bot: Bool = false) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.avatar = avatar
        self.bot = bot
    }

    private enum CodingKeys: String, CodingKey {
        case id, username, displayName, avatar, bot
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UserID.self, forKey: .id)
        username = try container.decode(String.self, forKey: .username)
        displayName = try container.decode(String.self, forKey: .displayName)
        avatar = try container.decode(String.self, forKey: .avatar)
        bot = try container.decodeIfPresent(Bool.self, forKey: .bot) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(avatar, forKey: .avatar)
        if bot { try container.encode(true, forKey: .bot) }
    }
}

/// Deleting one's own account: the password confirms it (a guest, who has none, sends none),
/// and with two-step sign-in on, a code or a recovery code too.
public struct DeleteAccountRequest: Codable, Hashable, Sendable {
    public var password: String?
    public var totp: String?
    public var recoveryCode: String?

    public init(password: String?, totp: String? = nil, recoveryCode: String? = nil) {
        self.password = password
        self.totp = totp
        self.recoveryCode = recoveryCode
    }
}

/// How many sessions "sign out everywhere else" ended.
public struct SessionsEnded: Codable, Hashable, Sendable {
    public let ended: Int

    public init(ended: Int) { self.ended = ended }
}

/// `PATCH /v1/me`: what to change, at least one of the two; what is left out stays.
public struct UpdateMeRequest: Codable, Hashable, Sendable {
    /// The new display name.
    public var displayName: String?
    /// The language the server writes the user's pushes and mails in.
    public var language: Language?

    public init(displayName: String? = nil, language: Language? = nil) {
        self.displayName = displayName
        self.language = language
    }
}
