import Foundation
import OXOProtocol

/// A player's friends hear of their presence on their own inboxes (`user:<id>`), so a
/// friends list stays live without its client following everyone's presence. Every
/// `presence_changed` a change logs is copied to the inbox of each friend of that player:
/// one indexed read of the player's friendships per change of presence, and one event per
/// friend. Registered last, it reads `change.logged` itself rather than the events it is
/// given, so that it also copies the presence the reactions before it announced (a game
/// starting or ending changes its players' status).
enum FriendsHearPresence {
    static let reaction: ChangeReaction = { change, _ in
        let announced = change.logged.compactMap { entry -> OnlinePlayer? in
            entry.topics.contains(.presence) ? entry.event.presence : nil
        }
        guard !announced.isEmpty else { return }
        let friendships = FriendQueries(database: change.sql)
        for player in announced {
            let friends = try await friendships.friendIDs(of: player.player.id.rawValue)
            change.log(.presenceChanged(player), to: friends.map { .user(UserID(rawValue: $0)) })
        }
    }
}
