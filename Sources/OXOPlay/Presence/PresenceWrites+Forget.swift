import Foundation
import OXOCore
import SQLKit

extension PresenceWrites {
    /// Takes a player whose account is being deleted offline at once, on every process:
    /// their connections' rows go (so the sockets that close afterwards find nothing to
    /// leave), they stop waiting for *Play random*, and everyone following presence hears
    /// they went offline.
    package func forget(of user: UUID) async throws {
        let wasOnline = try await reads.presence.connections(of: user) > 0
        try await sql.delete(from: "presence").where("user_id", .equal, user).run()
        try await sql.delete(from: "match_queue").where("user_id", .equal, user).run()
        if wasOnline { try await announceOffline(user) }
    }
}
