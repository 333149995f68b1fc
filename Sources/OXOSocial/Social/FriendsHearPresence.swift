import Foundation
import OXOCore
import OXOProtocol

/// A player's friends hear of their presence on their own inboxes (`user:<id>`), so a
/// friends list stays live without its client following everyone's presence. Every
/// `presence_changed` a change logs is copied to the inbox of each friend of that player:
/// one indexed read of the friendships of all the players a change announces, and one
/// event per friend. It sees what the reactions before it logged too, so that it also copies
/// the presence they announced (a game starting or ending changes its players' status).
package enum FriendsHearPresence {
    package static let reaction = ChangeReaction("friends hear presence", sees: .theChangeAndEarlierReactions) { change, logged in
        let announced = logged.compactMap { entry -> OnlinePlayer? in
            entry.topics.contains(.presence) ? entry.event.presence : nil
        }
        guard !announced.isEmpty else { return }
        let friends = try await change.reads.friends.friendIDs(ofEach: announced.map(\.player.id.rawValue))
        for player in announced {
            guard let theirs = friends[player.player.id.rawValue] else { continue }
            change.log(.presenceChanged(player), to: theirs.map { .user(UserID(rawValue: $0)) })
        }
    }
}
