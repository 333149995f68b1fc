import Foundation

/// What a personal access token may do. A program given one acts as its owner within its
/// scopes alone; account, sessions, passwords and tokens stay with a signed-in session.
public enum TokenScope: String, Codable, Hashable, Sendable, CaseIterable {
    /// Read what the owner may read: games, lobby, profiles, the leaderboard, the inbox.
    case read
    /// Make and play games: create, join, move, resign, claim, rematch, a game's chat.
    case play
    /// Challenge players and answer challenges; Play random.
    case challenge
    /// Play as a bot account through the API (for the bot streams).
    case bot
}

/// `POST /v1/me/tokens`.
public struct CreateAccessTokenRequest: Codable, Hashable, Sendable {
    /// A name for people, such as "my board" (1–60 characters).
    public var name: String
    public var scopes: [TokenScope]
    /// Days until it expires, 1–365.
    public var expiresInDays: Int

    public init(name: String, scopes: [TokenScope], expiresInDays: Int) {
        self.name = name
        self.scopes = scopes
        self.expiresInDays = expiresInDays
    }
}

/// A personal access token as its owner's list shows it: never the token itself.
public struct AccessTokenView: Codable, Hashable, Sendable {
    public let id: AccessTokenID
    public let name: String
    public let scopes: [TokenScope]
    public let createdAt: Date
    public let expiresAt: Date
    /// When it was last used, to the minute; nil before its first use.
    public let lastUsedAt: Date?

    public init(id: AccessTokenID, name: String, scopes: [TokenScope], createdAt: Date, expiresAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.name = name
        self.scopes = scopes
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
    }
}

/// The answer to a new token: the token itself, shown this once (the server keeps only its
/// hash), and what the list will show of it.
public struct NewAccessToken: Codable, Hashable, Sendable {
    /// Sent as `Authorization: Bearer <token>`; it starts with `oxo_pat_`.
    public let token: String
    public let accessToken: AccessTokenView

    public init(token: String, accessToken: AccessTokenView) {
        self.token = token
        self.accessToken = accessToken
    }
}

/// `GET /v1/me/tokens`: the owner's tokens, newest first.
public struct AccessTokenList: Codable, Hashable, Sendable {
    public let tokens: [AccessTokenView]

    public init(tokens: [AccessTokenView]) {
        self.tokens = tokens
    }
}
