import Foundation
import NIOConcurrencyHelpers
import OXOCore

/// The players with a client connected to this process, as `PresenceService` records them:
/// a connection counts from the commit that stored it until just before the change that
/// removes it. So a player counted here is online in the database too, which saves asking it:
/// a push that goes only to players who are away (a turn in a game played in a sitting, which
/// every move would ask about for its opponent) is known not to go, and a game that starts is
/// known to start with such a player there (`AwayFromTheStart`, `GameService.join`). Not
/// counted here says nothing: the player may be connected to another process.
package final class ConnectedHere: Sendable {
    private struct State {
        var owners: [UUID: UUID] = [:]
        var counts: [UUID: Int] = [:]
    }

    private let state = NIOLockedValueBox(State())

    func add(_ connection: UUID, of user: UUID) {
        state.withLockedValue { state in
            guard state.owners.updateValue(user, forKey: connection) == nil else { return }
            state.counts[user, default: 0] += 1
        }
    }

    func remove(_ connection: UUID) {
        state.withLockedValue { state in
            guard let user = state.owners.removeValue(forKey: connection) else { return }
            let left = (state.counts[user] ?? 1) - 1
            state.counts[user] = left > 0 ? left : nil
        }
    }

    package func isConnected(_ user: UUID) -> Bool {
        state.withLockedValue { $0.counts[user] != nil }
    }
}

/// The application's one `ConnectedHere`.
package enum ConnectedHereKey: ContextKey {
    package static func make(_ configuration: ServerConfiguration) -> ConnectedHere { ConnectedHere() }
}
