import Fluent
import Foundation
import OXOAccounts
import OXOCore

/// Records the sockets that come and go. A player is online while any of their sockets
/// is connected, to any server process: the first one brings them online (and back
/// into the live games they left), the last one takes them offline (away from their games,
/// and out of the players waiting for *Play random*).
/// Each change first holds the player's row (`lockPlayers`), so that two sockets of one
/// player closing at once on two processes cannot both see the other still there.
package struct PresenceService {
    let store: Store

    package init(store: Store) {
        self.store = store
    }

    /// Records the socket `connection` of `user`, when the session it was opened with is
    /// still open, and calls `answer` once that is committed: false, with nothing recorded,
    /// when the session has ended. The session is looked at in the same change, so a
    /// socket's opening waits for the writer alone, not for a reader before it, and no
    /// task waits: the answer comes from the writer.
    package func enter(_ connection: UUID, user: AuthenticatedUser,
                       answer: @escaping @Sendable (Result<Bool, any Error>) -> Void) {
        let connectedHere = store.context[ConnectedHereKey.self]
        store.change({ change in
            guard try await user.sessionIsOpen(on: change.sql) else { return false }
            let id = user.id.rawValue
            try await change.accounts.lockPlayers([id])
            try await change.presence.connect(connection, of: id)
            guard try await change.reads.presence.connections(of: id) == 1 else { return true }
            try await change.games.markReturned(id)
            try await change.presence.announce(of: [id])
            return true
        }, answer: { entered in
            if case .success(true) = entered { connectedHere.add(connection, of: user.id.rawValue) }
            answer(entered)
        })
    }

    package func leave(_ connection: UUID) async throws {
        // Before the change: a player counted here must be online in the database.
        store.context[ConnectedHereKey.self].remove(connection)
        try await store.change { change in
            guard let user = try await change.reads.presence.owner(of: connection) else { return }
            try await change.accounts.lockPlayers([user])
            try await change.presence.disconnect(connection)
            guard try await change.reads.presence.connections(of: user) == 0 else { return }
            // Nobody is paired with a player who is not there.
            try await change.presence.stopWaiting(user)
            try await change.games.markAway(user)
            try await change.presence.keepLastSeen(of: user)
            try await change.presence.announceOffline(user)
        }
    }

    /// Confirms that this process's sockets are still connected.
    package func confirmConnections() async throws {
        try await store.change { try await $0.presence.confirmProcess() }
    }

    /// Clears the connections no process has confirmed for a while (their process
    /// stopped without closing them), as if each had closed; returns how many.
    package func clearStale() async throws -> Int {
        let oldest = store.clock.now.addingTimeInterval(-3 * store.context.configuration.housekeepingInterval)
        let stale = try await store.reads.presence.staleConnections(before: oldest)
        for connection in stale {
            try await Watchers(store: store).remove(connection)
            try await leave(connection)
        }
        try await store.change { try await $0.presence.forgetProcesses(seenBefore: oldest) }
        return stale.count
    }
}
