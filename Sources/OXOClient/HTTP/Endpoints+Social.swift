import Foundation
import OXOProtocol

/// The operations for friends, follows, blocks and the notification inbox.
extension Endpoints {
    static func friends() -> Endpoint<FriendList> {
        Endpoint(.GET, "v1", "me", "friends")
    }

    static func requestFriendship(_ body: FriendRequestBody) -> Endpoint<FriendLink> {
        Endpoint(.POST, "v1", "me", "friends", body: body)
    }

    static func acceptFriendship(from player: UserID) -> Endpoint<FriendLink> {
        Endpoint(.POST, "v1", "me", "friends", player.description, "accept")
    }

    static func markNameSeen(of friend: UserID) -> Endpoint<Void> {
        Endpoint(.POST, "v1", "me", "friends", friend.description, "seen")
    }

    static func removeFriendship(with player: UserID) -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "me", "friends", player.description)
    }

    static func follow(_ player: UserID) -> Endpoint<Void> {
        Endpoint(.PUT, "v1", "me", "following", player.description)
    }

    static func unfollow(_ player: UserID) -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "me", "following", player.description)
    }

    static func followers(of player: UserID, cursor: String?, limit: Int?) -> Endpoint<PlayerPage> {
        Endpoint(.GET, "v1", "users", player.description, "followers", query: page(cursor: cursor, limit: limit))
    }

    static func following(of player: UserID, cursor: String?, limit: Int?) -> Endpoint<PlayerPage> {
        Endpoint(.GET, "v1", "users", player.description, "following", query: page(cursor: cursor, limit: limit))
    }

    static func relation(with player: UserID) -> Endpoint<PlayerRelation> {
        Endpoint(.GET, "v1", "users", player.description, "relation")
    }

    static func blocks() -> Endpoint<BlockList> {
        Endpoint(.GET, "v1", "me", "blocks")
    }

    static func block(_ player: UserID) -> Endpoint<Void> {
        Endpoint(.PUT, "v1", "me", "blocks", player.description)
    }

    static func unblock(_ player: UserID) -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "me", "blocks", player.description)
    }

    static func notifications(cursor: String?, limit: Int?) -> Endpoint<NotificationPage> {
        Endpoint(.GET, "v1", "me", "notifications", query: page(cursor: cursor, limit: limit))
    }

    static func markRead(_ notification: NotificationID) -> Endpoint<NotificationsRead> {
        Endpoint(.POST, "v1", "me", "notifications", notification.description, "read")
    }

    static func markAllRead() -> Endpoint<NotificationsRead> {
        Endpoint(.POST, "v1", "me", "notifications", "read")
    }

    static func notificationSettings() -> Endpoint<NotificationSettings> {
        Endpoint(.GET, "v1", "me", "notification-settings")
    }

    static func setNotificationSettings(_ settings: NotificationSettings) -> Endpoint<NotificationSettings> {
        Endpoint(.PUT, "v1", "me", "notification-settings", body: settings)
    }
}
