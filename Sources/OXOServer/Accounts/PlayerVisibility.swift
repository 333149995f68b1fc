import Foundation
import OXOProtocol
import SQLKit

/// Which players a viewer must not see in the lists everyone shares (the lobby's games,
/// who is online): a condition over a user-id column that holds for a hidden player.
/// Defined here, beside the players, so that those lists can take it without knowing
/// who decides; Root gives them Social's blocks.
struct PlayerVisibility: Sendable {
    let hides: @Sendable (_ viewer: UserID, _ column: String) -> SQLQueryString

    /// Nobody is hidden.
    static let everyone = PlayerVisibility { _, _ in "1 = 0" }

    /// Throws `blocked` when `other` is hidden from `viewer`: a player may not sit down
    /// at the game of someone they are hidden from, found by its id or its code.
    func refuse(_ other: UUID, toward viewer: UserID, on database: any SQLDatabase) async throws {
        let hidden = try await database.raw("""
            SELECT 1 AS hidden FROM (SELECT \(bind: other) AS id) AS seated WHERE \(hides(viewer, "seated.id"))
            """).first()
        if hidden != nil { throw APIError(.blocked, "You cannot do that: one of you blocked the other.") }
    }
}
