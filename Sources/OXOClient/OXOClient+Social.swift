import OXOProtocol

extension OXOClient {
    /// Friends (online first, those with open games before the rest), and the requests
    /// received and made. Friends' presence arrives on the user's own topic.
    public func friends() async throws -> FriendList {
        try await perform(Endpoints.friends())
    }

    /// Asks the player with this username to be friends; when they asked first, this
    /// accepts (`state` is `friends`).
    @discardableResult
    public func befriend(username: String) async throws -> FriendLink {
        try await perform(Endpoints.requestFriendship(FriendRequestBody(username: username)))
    }

    @discardableResult
    public func acceptFriendship(from player: UserID) async throws -> FriendLink {
        try await perform(Endpoints.acceptFriendship(from: player))
    }

    /// Ends a friendship, withdraws a request made, or declines one received.
    public func removeFriendship(with player: UserID) async throws {
        try await perform(Endpoints.removeFriendship(with: player))
    }

    /// Records that the friend's new display name was shown: `previous_display_name` is
    /// gone from then on.
    public func markNameSeen(of friend: UserID) async throws {
        try await perform(Endpoints.markNameSeen(of: friend))
    }

    public func follow(_ player: UserID) async throws {
        try await perform(Endpoints.follow(player))
    }

    public func unfollow(_ player: UserID) async throws {
        try await perform(Endpoints.unfollow(player))
    }

    public func followers(of player: UserID, cursor: String? = nil, limit: Int? = nil) async throws -> PlayerPage {
        try await perform(Endpoints.followers(of: player, cursor: cursor, limit: limit))
    }

    public func following(of player: UserID, cursor: String? = nil, limit: Int? = nil) async throws -> PlayerPage {
        try await perform(Endpoints.following(of: player, cursor: cursor, limit: limit))
    }

    /// Friendship, follows both ways, and whether this user blocked the player.
    public func relation(with player: UserID) async throws -> PlayerRelation {
        try await perform(Endpoints.relation(with: player))
    }

    public func blocks() async throws -> BlockList {
        try await perform(Endpoints.blocks())
    }

    /// Blocks a player: no challenge, friend request or follow passes between you, and
    /// neither sees the other in the lobby or the online list.
    public func block(_ player: UserID) async throws {
        try await perform(Endpoints.block(player))
    }

    public func unblock(_ player: UserID) async throws {
        try await perform(Endpoints.unblock(player))
    }

    /// A page of the inbox, newest first, with the number unread.
    public func notifications(cursor: String? = nil, limit: Int? = nil) async throws -> NotificationPage {
        try await perform(Endpoints.notifications(cursor: cursor, limit: limit))
    }

    @discardableResult
    public func markRead(_ notification: NotificationID) async throws -> NotificationsRead {
        try await perform(Endpoints.markRead(notification))
    }

    @discardableResult
    public func markAllRead() async throws -> NotificationsRead {
        try await perform(Endpoints.markAllRead())
    }

    public func notificationSettings() async throws -> NotificationSettings {
        try await perform(Endpoints.notificationSettings())
    }

    /// Switches off the kinds in `muted` and on every other.
    @discardableResult
    public func setNotificationSettings(_ settings: NotificationSettings) async throws -> NotificationSettings {
        try await perform(Endpoints.setNotificationSettings(settings))
    }
}
