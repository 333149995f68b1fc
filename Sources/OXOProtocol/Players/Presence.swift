/// What a signed-in player with a connected client is doing, as everyone sees it.
public enum PresenceStatus: String, Codable, Hashable, Sendable {
    /// Online and not in a game.
    case lobby
    /// Seated in a game that is being played.
    case playing
    /// Following a game they do not play in.
    case watching
    /// Waiting to be paired by *Play random*.
    case waiting
    /// No client connected any more: sent once, when the last one goes.
    case offline
}

/// One player on the "who is online" list.
public struct OnlinePlayer: Codable, Hashable, Sendable {
    public let player: PlayerSummary
    public let status: PresenceStatus

    public init(player: PlayerSummary, status: PresenceStatus) {
        self.player = player
        self.status = status
    }
}

/// The score between the caller and one opponent over all their finished games, however
/// they met (challenge, random pairing, rematch or an open game).
public struct Series: Codable, Hashable, Sendable {
    public let opponent: PlayerSummary
    public let wins: Int
    public let losses: Int
    public let draws: Int

    public init(opponent: PlayerSummary, wins: Int, losses: Int, draws: Int) {
        self.opponent = opponent
        self.wins = wins
        self.losses = losses
        self.draws = draws
    }

    public var games: Int { wins + losses + draws }
}

/// `GET /v1/players/online`: everyone with a connected client, by username.
public struct OnlinePlayers: Codable, Hashable, Sendable {
    public let players: [OnlinePlayer]

    public init(players: [OnlinePlayer]) {
        self.players = players
    }
}
