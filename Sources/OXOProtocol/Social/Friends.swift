import Foundation

/// `POST /v1/me/friends`: ask the player with this username to be friends.
public struct FriendRequestBody: Codable, Hashable, Sendable {
    public var username: String

    public init(username: String) {
        self.username = username
    }
}

/// Where the caller stands with another player as friends.
public enum FriendState: String, Codable, Hashable, Sendable {
    /// The caller asked; the other has not answered.
    case outgoing
    /// The other asked the caller.
    case incoming
    case friends
}

/// A friend, or a request between two players, as the caller sees it.
public struct FriendLink: Codable, Hashable, Sendable {
    public let player: PlayerSummary
    public let state: FriendState
    /// When the request was made, or the friendship began.
    public let since: Date

    public init(player: PlayerSummary, state: FriendState, since: Date) {
        self.player = player
        self.state = state
        self.since = since
    }
}

/// A friend on the caller's list: who they are now, the name the caller last saw when
/// they have been renamed since ("Sam (was Samuel)"), whether they are online, and their
/// games waiting for an opponent.
public struct Friend: Codable, Hashable, Sendable {
    public let player: PlayerSummary
    /// The display name the caller last saw, when it differs from the current one; gone
    /// once the caller has seen the new name (`POST /v1/me/friends/{userID}/seen`).
    public let previousDisplayName: String?
    /// `offline` when no client of theirs is connected.
    public let status: PresenceStatus
    /// Their open games anyone may join, newest first.
    public let openGames: [GameView]
    public let since: Date

    public init(player: PlayerSummary, previousDisplayName: String?, status: PresenceStatus, openGames: [GameView], since: Date) {
        self.player = player
        self.previousDisplayName = previousDisplayName
        self.status = status
        self.openGames = openGames
        self.since = since
    }
}

/// `GET /v1/me/friends`: friends online first (those with open games before the rest),
/// then the requests received and made.
public struct FriendList: Codable, Hashable, Sendable {
    public let friends: [Friend]
    public let incoming: [FriendLink]
    public let outgoing: [FriendLink]

    public init(friends: [Friend], incoming: [FriendLink], outgoing: [FriendLink]) {
        self.friends = friends
        self.incoming = incoming
        self.outgoing = outgoing
    }
}

/// `GET /v1/users/{userID}/relation`: everything between the caller and one player, for
/// the buttons of a profile.
public struct PlayerRelation: Codable, Hashable, Sendable {
    public let player: PlayerSummary
    /// nil when neither has asked.
    public let friend: FriendState?
    public let following: Bool
    public let followedBy: Bool
    /// The caller blocked the player.
    public let blocked: Bool

    public init(player: PlayerSummary, friend: FriendState?, following: Bool, followedBy: Bool, blocked: Bool) {
        self.player = player
        self.friend = friend
        self.following = following
        self.followedBy = followedBy
        self.blocked = blocked
    }
}

/// A page of players (followers, following), newest first. Pass `next_cursor` as
/// `cursor` for the next page.
public struct PlayerPage: Codable, Hashable, Sendable {
    public let players: [PlayerSummary]
    public let nextCursor: String?

    public init(players: [PlayerSummary], nextCursor: String?) {
        self.players = players
        self.nextCursor = nextCursor
    }
}

/// `GET /v1/me/blocks`: the players the caller blocked, and every player hidden from the
/// caller either way (blocked by or blocking the caller), whose lobby games and presence
/// a client leaves out of what the shared topics send.
public struct BlockList: Codable, Hashable, Sendable {
    public let blocked: [PlayerSummary]
    public let hidden: [UserID]

    public init(blocked: [PlayerSummary], hidden: [UserID]) {
        self.blocked = blocked
        self.hidden = hidden
    }
}
