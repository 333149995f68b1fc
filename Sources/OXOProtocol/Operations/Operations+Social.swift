// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Friends and requests
    public static let listFriends = APIOperation<NoBody, FriendList>(.GET, "/v1/me/friends", id: "listFriends")
    /// Ask to be friends
    public static let requestFriendship = APIOperation<FriendRequestBody, FriendLink>(.POST, "/v1/me/friends", id: "requestFriendship")
    /// Accept a friend request
    public static let acceptFriendship = APIOperation<NoBody, FriendLink>(.POST, "/v1/me/friends/{userID}/accept", id: "acceptFriendship")
    /// Seen a friend's new name
    public static let markFriendNameSeen = APIOperation<NoBody, NoContent>(.POST, "/v1/me/friends/{userID}/seen", id: "markFriendNameSeen")
    /// Remove a friend or a request
    public static let removeFriendship = APIOperation<NoBody, NoContent>(.DELETE, "/v1/me/friends/{userID}", id: "removeFriendship")
    /// Follow a player
    public static let follow = APIOperation<NoBody, NoContent>(.PUT, "/v1/me/following/{userID}", id: "follow")
    /// Stop following a player
    public static let unfollow = APIOperation<NoBody, NoContent>(.DELETE, "/v1/me/following/{userID}", id: "unfollow")
    /// Blocked players
    public static let listBlocks = APIOperation<NoBody, BlockList>(.GET, "/v1/me/blocks", id: "listBlocks")
    /// Block a player
    public static let block = APIOperation<NoBody, NoContent>(.PUT, "/v1/me/blocks/{userID}", id: "block")
    /// Unblock a player
    public static let unblock = APIOperation<NoBody, NoContent>(.DELETE, "/v1/me/blocks/{userID}", id: "unblock")
    /// You and a player
    public static let getRelation = APIOperation<NoBody, PlayerRelation>(.GET, "/v1/users/{userID}/relation", id: "getRelation")
    /// The players who follow this player
    public static let listFollowers = APIOperation<NoBody, PlayerPage>(.GET, "/v1/users/{userID}/followers", id: "listFollowers")
    /// The players this player follows
    public static let listFollowing = APIOperation<NoBody, PlayerPage>(.GET, "/v1/users/{userID}/following", id: "listFollowing")
    /// Your notifications
    public static let listNotifications = APIOperation<NoBody, NotificationPage>(.GET, "/v1/me/notifications", id: "listNotifications")
    /// Mark all read
    public static let markAllNotificationsRead = APIOperation<NoBody, NotificationsRead>(.POST, "/v1/me/notifications/read", id: "markAllNotificationsRead")
    /// Mark one read
    public static let markNotificationRead = APIOperation<NoBody, NotificationsRead>(.POST, "/v1/me/notifications/{notificationID}/read", id: "markNotificationRead")
    /// Notification settings
    public static let getNotificationSettings = APIOperation<NoBody, NotificationSettings>(.GET, "/v1/me/notification-settings", id: "getNotificationSettings")
    /// Change notification settings
    public static let setNotificationSettings = APIOperation<NotificationSettings, NotificationSettings>(.PUT, "/v1/me/notification-settings", id: "setNotificationSettings")

    static let social: [OperationSpec] = [
        listFriends.spec, requestFriendship.spec, acceptFriendship.spec, markFriendNameSeen.spec,
        removeFriendship.spec, follow.spec, unfollow.spec, listBlocks.spec,
        block.spec, unblock.spec, getRelation.spec, listFollowers.spec,
        listFollowing.spec, listNotifications.spec, markAllNotificationsRead.spec, markNotificationRead.spec,
        getNotificationSettings.spec, setNotificationSettings.spec,
    ]
}
