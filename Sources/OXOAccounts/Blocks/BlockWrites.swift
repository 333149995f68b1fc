import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Blocks' writes, on `change.blocks`.
package struct BlockWrites: ChangeHandle { package let change: Change }

extension Change { package var blocks: BlockWrites { BlockWrites(change: self) } }

/// Blocking tells both inboxes who is hidden from them now, so their clients drop each
/// other from the lobby and the online list at once. The domains above end their own ties
/// between the two (Social: friendship, requests and follows) in the same change.
extension BlockWrites {
    package func block(_ target: UUID, by user: UUID) async throws {
        // A request or a follow between the two checks for blocks under the same lock.
        try await lockTie(from: user, to: target, verb: "block")
        try await sql.raw("""
            INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (\(bind: user), \(bind: target), \(bind: now))
            ON CONFLICT DO NOTHING
            """).run()
        try await announceHidden(to: [user, target])
    }

    package func unblock(_ target: UUID, by user: UUID) async throws {
        let removed = try await sql.delete(from: "blocks").where("blocker_id", .equal, user).where("blocked_id", .equal, target)
            .returning("blocker_id").all()
        if !removed.isEmpty { try await announceHidden(to: [user, target]) }
    }

    private func announceHidden(to users: [UUID]) async throws {
        for user in users {
            let hidden = try await Blocks.hiddenIDs(from: user, on: sql).map(UserID.init(rawValue:))
            log(.hiddenChanged(hidden), to: [.user(UserID(rawValue: user))])
        }
    }

    /// What a tie from `user` to `target` (a follow, a block) checks first: that `target` is
    /// another player who exists; then it locks both players' rows for the rest of the change.
    package func lockTie(from user: UUID, to target: UUID, verb: String) async throws {
        guard target != user else { throw APIError(.invalidRequest, "You cannot \(verb) yourself.") }
        guard try await PlayerNames.summary(of: target, on: sql) != nil else {
            throw APIError(.playerNotFound, "There is no player \(target).")
        }
        try await change.accounts.lockPlayers([user, target])
    }
}
