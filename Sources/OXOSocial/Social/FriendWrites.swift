import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// Friendships' writes, on `change.friends`.
package struct FriendWrites: ChangeHandle { package let change: Change }

extension Change { package var friends: FriendWrites { FriendWrites(change: self) } }

/// The changes to friendships. A pair has one row (its `pair_key` is the primary key), so
/// two players asking each other at once make one request (the second writer fails on the
/// key, and its retry accepts the other's request), and accepting is an UPDATE that only
/// matches a waiting request, so a request accepted twice makes one friendship, told once.
/// Asking, following and blocking hold both players' rows first (`lockPlayers`), so a block
/// and a request racing on PostgreSQL cannot leave a friendship behind the block.
extension FriendWrites {
    func request(with target: UUID, by user: UUID) async throws -> FriendLink {
        guard target != user else { throw APIError(.invalidRequest, "You cannot befriend yourself.") }
        try await change.accounts.lockPlayers([user, target])
        try await Blocks.refuse(from: user, toward: target, on: sql)
        let players = try await PlayerNames.summaries(of: [user, target], on: sql)
        guard let me = players[user], let them = players[target] else {
            throw APIError(.playerNotFound, "There is no such player.")
        }
        if let row = try await reads.friends.row(between: user, and: target) {
            // They asked first: asking back is accepting.
            if row.state(for: user) == .incoming { return try await accept(from: target, by: user) }
            return FriendLink(player: them, state: row.state(for: user), since: row.since)
        }
        try await sql.insert(into: "friendships").model(FriendshipRow(
            pairKey: FriendshipRow.pairKey(user, target), requesterId: user, addresseeId: target, accepted: false,
            createdAt: now, acceptedAt: nil, requesterSawName: them.displayName, addresseeSawName: me.displayName)).run()
        try await change.notifications.notify(target, .friendRequest, actor: user)
        return FriendLink(player: them, state: .outgoing, since: now)
    }

    /// Accepts `requester`'s waiting request to `user`; accepting a friendship already
    /// made answers with it again, telling nobody twice.
    func accept(from requester: UUID, by user: UUID) async throws -> FriendLink {
        let accepted = try await sql.raw("""
            UPDATE friendships SET accepted = \(bind: true), accepted_at = \(bind: now)
            WHERE pair_key = \(bind: FriendshipRow.pairKey(requester, user)) AND addressee_id = \(bind: user)
            AND accepted = \(bind: false) RETURNING pair_key
            """).all()
        guard let row = try await reads.friends.row(between: requester, and: user),
              row.accepted || !accepted.isEmpty,
              let them = try await PlayerNames.summary(of: requester, on: sql)
        else { throw APIError(.friendRequestNotFound, "That player has not asked you to be friends.") }
        if !accepted.isEmpty { try await change.notifications.notify(requester, .friendAccepted, actor: user) }
        return FriendLink(player: them, state: .friends, since: row.since)
    }

    /// Ends whatever is between the two: a friendship, a request made or a request
    /// received (declining it). False when there was nothing.
    func remove(between user: UUID, and other: UUID) async throws -> Bool {
        try await !sql.delete(from: "friendships").where("pair_key", .equal, FriendshipRow.pairKey(user, other))
            .returning("pair_key").all().isEmpty
    }

    /// Records that `user` has seen `friend`'s current display name.
    func markNameSeen(of friend: UUID, by user: UUID) async throws -> Bool {
        guard let name = try await PlayerNames.summary(of: friend, on: sql)?.displayName,
              let row = try await reads.friends.row(between: user, and: friend), row.accepted
        else { return false }
        try await sql.update("friendships")
            .set(row.requesterId == user ? "requester_saw_name" : "addressee_saw_name", to: name)
            .where("pair_key", .equal, row.pairKey).run()
        return true
    }
}
