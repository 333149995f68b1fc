import Foundation
import OXOProtocol

/// The operations for friends, follows, blocks and the notification inbox.
extension Endpoints {
    static func friends() -> Endpoint<FriendList> {
        Endpoint(Operations.listFriends)
    }

    static func requestFriendship(_ body: FriendRequestBody) -> Endpoint<FriendLink> {
        Endpoint(Operations.requestFriendship, body: body)
    }

    static func acceptFriendship(from player: UserID) -> Endpoint<FriendLink> {
        Endpoint(Operations.acceptFriendship, player)
    }

    static func markNameSeen(of friend: UserID) -> Endpoint<Void> {
        Endpoint(Operations.markFriendNameSeen, friend)
    }

    static func removeFriendship(with player: UserID) -> Endpoint<Void> {
        Endpoint(Operations.removeFriendship, player)
    }

    static func follow(_ player: UserID) -> Endpoint<Void> {
        Endpoint(Operations.follow, player)
    }

    static func unfollow(_ player: UserID) -> Endpoint<Void> {
        Endpoint(Operations.unfollow, player)
    }

    static func followers(of player: UserID, cursor: String?, limit: Int?) -> Endpoint<PlayerPage> {
        Endpoint(Operations.listFollowers, player, query: page(cursor: cursor, limit: limit))
    }

    static func following(of player: UserID, cursor: String?, limit: Int?) -> Endpoint<PlayerPage> {
        Endpoint(Operations.listFollowing, player, query: page(cursor: cursor, limit: limit))
    }

    static func relation(with player: UserID) -> Endpoint<PlayerRelation> {
        Endpoint(Operations.getRelation, player)
    }

    static func blocks() -> Endpoint<BlockList> {
        Endpoint(Operations.listBlocks)
    }

    static func block(_ player: UserID) -> Endpoint<Void> {
        Endpoint(Operations.block, player)
    }

    static func unblock(_ player: UserID) -> Endpoint<Void> {
        Endpoint(Operations.unblock, player)
    }

    static func notifications(cursor: String?, limit: Int?) -> Endpoint<NotificationPage> {
        Endpoint(Operations.listNotifications, query: page(cursor: cursor, limit: limit))
    }

    static func markRead(_ notification: NotificationID) -> Endpoint<NotificationsRead> {
        Endpoint(Operations.markNotificationRead, notification)
    }

    static func markAllRead() -> Endpoint<NotificationsRead> {
        Endpoint(Operations.markAllNotificationsRead)
    }

    static func notificationSettings() -> Endpoint<NotificationSettings> {
        Endpoint(Operations.getNotificationSettings)
    }

    static func setNotificationSettings(_ settings: NotificationSettings) -> Endpoint<NotificationSettings> {
        Endpoint(Operations.setNotificationSettings, body: settings)
    }
}
