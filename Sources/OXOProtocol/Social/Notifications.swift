import Foundation

/// What a notification tells. Each kind can be switched off in the settings.
public enum NotificationKind: String, Codable, Hashable, Sendable, CaseIterable {
    /// It is the player's move after the opponent's: read from the game, not stored, its id
    /// the game's, there until they move or the game ends.
    case yourTurn = "your_turn"
    case challengeReceived = "challenge_received"
    case friendRequest = "friend_request"
    case friendAccepted = "friend_accepted"
    /// A friend changed their display name; `previous_display_name` was the old one.
    case friendRenamed = "friend_renamed"
    case newFollower = "new_follower"
    /// The opponent of a finished game offered to play again.
    case rematchOffered = "rematch_offered"
    /// A direct message came (`actor` sent it); one per conversation until it is read.
    case message
    /// A quarter of the player's time for a correspondence move is left (`actor` is the opponent).
    case timeRunningOut = "time_running_out"
}

/// One entry of a player's inbox, kept 30 days.
public struct InboxNotification: Codable, Hashable, Sendable {
    public let id: NotificationID
    public let kind: NotificationKind
    /// Who caused it (the opponent, the friend, the follower).
    public let actor: PlayerSummary?
    public let game: GameID?
    public let challenge: ChallengeID?
    /// For `friend_renamed`: the friend's display name before.
    public let previousDisplayName: String?
    public let read: Bool
    public let createdAt: Date

    public init(id: NotificationID, kind: NotificationKind, actor: PlayerSummary?, game: GameID?, challenge: ChallengeID?,
                previousDisplayName: String?, read: Bool, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.actor = actor
        self.game = game
        self.challenge = challenge
        self.previousDisplayName = previousDisplayName
        self.read = read
        self.createdAt = createdAt
    }
}

/// `GET /v1/me/notifications`: a page of the inbox, newest first, and how many are unread
/// in all.
public struct NotificationPage: Codable, Hashable, Sendable {
    public let notifications: [InboxNotification]
    public let unread: Int
    public let nextCursor: String?

    public init(notifications: [InboxNotification], unread: Int, nextCursor: String?) {
        self.notifications = notifications
        self.unread = unread
        self.nextCursor = nextCursor
    }
}

/// Notifications marked read: one (`notification`), or all when it is nil; and how many
/// stay unread. The answer to marking, and the event every client of the player hears.
public struct NotificationsRead: Codable, Hashable, Sendable {
    public let notification: NotificationID?
    public let unread: Int

    public init(notification: NotificationID?, unread: Int) {
        self.notification = notification
        self.unread = unread
    }
}

/// `GET`/`PUT /v1/me/notification-settings`: the kinds switched off. Nothing is stored
/// for a muted kind.
public struct NotificationSettings: Codable, Hashable, Sendable {
    public var muted: [NotificationKind]

    public init(muted: [NotificationKind]) {
        self.muted = muted
    }
}
