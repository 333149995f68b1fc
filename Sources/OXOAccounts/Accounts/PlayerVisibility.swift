import OXOProtocol
import SQLKit

/// Which players a viewer must not see in the lists everyone shares (the lobby's games,
/// who is online): a condition over a user-id column that holds for a hidden player.
/// Defined here, beside the players, so that those lists can take it without knowing
/// who decides; Root gives them `Blocks.visibility`.
package struct PlayerVisibility: Sendable {
    package let hides: @Sendable (_ viewer: UserID, _ column: String) -> SQLQueryString

    package init(hides: @escaping @Sendable (_ viewer: UserID, _ column: String) -> SQLQueryString) {
        self.hides = hides
    }

    /// Nobody is hidden.
    package static let everyone = PlayerVisibility { _, _ in "1 = 0" }
}
