import Foundation
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol

/// Deleting an account, by its owner or a moderator. Each domain removes what is only the
/// player's through a change of its own; what stays (finished games, for their opponents)
/// names an id no account has, which every list shows as "deleted player".
package struct AccountDeletion {
    let store: Store

    package init(store: Store) {
        self.store = store
    }

    /// Two changes. The first ends the player's play as any player's play ends, so that the
    /// reactions that follow games (records, ratings, notifications, presence) run on an
    /// account that still exists: their live games are resigned, their open games and
    /// challenges withdrawn, they go offline and their sessions end (their sockets close).
    /// The second removes what they said and uploaded, every stored event that names them
    /// (so no resume brings back their name or words), and the account with every row that
    /// is only about it. Should the second fail, the account stays, signed out, and deleting
    /// it again finishes the work. The first ends games, so it runs again, as a resignation
    /// does, when another process stored a move of one of them meanwhile (`changeGames`).
    package func delete(_ user: UUID) async throws {
        try await store.changeGames { change in
            try await change.games.leaveAll(of: user)
            try await change.challenges.cancelAll(involving: user)
            try await change.presence.forget(of: user)
            try await change.sessions.end(of: user)
        }
        let hold = store.context.configuration.releasedNameHold
        let deleted = try await store.change { change in
            try await change.chat.forget(of: user)
            try await change.notifications.forget(causedBy: user)
            try await change.media.deletePhotos(uploadedBy: user)
            try await change.forgetEvents(naming: user)
            return try await change.accounts.delete(user, nameFreeAt: change.now.addingTimeInterval(hold))
        }
        guard deleted else { throw APIError(.playerNotFound, "There is no such account.") }
    }
}
