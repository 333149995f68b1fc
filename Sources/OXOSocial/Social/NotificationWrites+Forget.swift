import Foundation
import OXOCore
import SQLKit

extension NotificationWrites {
    /// Removes the notifications a player whose account is being deleted caused in other
    /// players' inboxes ("alice follows you"): they would name someone who is gone. Their
    /// own inbox goes with their account.
    func forget(causedBy actor: UUID) async throws {
        try await sql.delete(from: "notifications").where("actor_id", .equal, actor).run()
    }
}
