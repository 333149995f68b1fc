import Foundation
import OXOProtocol
import SQLKit

/// Following is one way and needs no answer. The pair is the primary key, so following
/// twice (or twice at once) stores one row, and only the insert that stored it tells the
/// followed player.
extension Change {
    func follow(_ target: UUID, by user: UUID) async throws {
        try await lockTie(from: user, to: target, verb: "follow")
        try await Blocks.refuse(from: user, toward: target, on: sql)
        let added = try await sql.raw("""
            INSERT INTO follows (follower_id, followee_id, created_at) VALUES (\(bind: user), \(bind: target), \(bind: now))
            ON CONFLICT DO NOTHING RETURNING follower_id
            """).all()
        if !added.isEmpty { try await notify(target, .newFollower, actor: user) }
    }

    func unfollow(_ target: UUID, by user: UUID) async throws {
        try await sql.delete(from: "follows").where("follower_id", .equal, user).where("followee_id", .equal, target).run()
    }
}
