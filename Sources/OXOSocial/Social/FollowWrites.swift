import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// Follows' writes, on `change.follows`.
package struct FollowWrites: ChangeHandle { package let change: Change }

extension Change { package var follows: FollowWrites { FollowWrites(change: self) } }

/// Following is one way and needs no answer. The pair is the primary key, so following
/// twice (or twice at once) stores one row, and only the insert that stored it tells the
/// followed player.
extension FollowWrites {
    func follow(_ target: UUID, by user: UUID) async throws {
        try await change.blocks.lockTie(from: user, to: target, verb: "follow")
        try await Blocks.refuse(from: user, toward: target, on: sql)
        let added = try await sql.raw("""
            INSERT INTO follows (follower_id, followee_id, created_at) VALUES (\(bind: user), \(bind: target), \(bind: now))
            ON CONFLICT DO NOTHING RETURNING follower_id
            """).all()
        if !added.isEmpty { try await change.notifications.notify(target, .newFollower, actor: user) }
    }

    func unfollow(_ target: UUID, by user: UUID) async throws {
        try await sql.delete(from: "follows").where("follower_id", .equal, user).where("followee_id", .equal, target).run()
    }
}

extension FollowWrites {
    /// Ends every tie between the two (friendship, requests, follows both ways): what a block
    /// does to them.
    func endTies(between user: UUID, and other: UUID) async throws {
        _ = try await change.friends.remove(between: user, and: other)
        try await sql.delete(from: "follows").where {
            $0.where { $0.where("follower_id", .equal, user).where("followee_id", .equal, other) }
                .orWhere { $0.where("follower_id", .equal, other).where("followee_id", .equal, user) }
        }.run()
    }
}
