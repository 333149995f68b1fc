/// What an operator asks for to make a computer player's account (`POST /v1/admin/bots`).
public struct CreateBotRequest: Codable, Hashable, Sendable {
    public var username: String
    /// The name shown; the username when left out.
    public var displayName: String?

    public init(username: String, displayName: String? = nil) {
        self.username = username
        self.displayName = displayName
    }
}

/// A computer player's new account and its password, which the server made up and tells
/// only this once (it keeps a bcrypt hash): `oxo bot` signs in with them.
public struct BotAccount: Codable, Hashable, Sendable {
    public let player: PlayerSummary
    public let password: String

    public init(player: PlayerSummary, password: String) {
        self.player = player
        self.password = password
    }
}
