import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

/// Other players: who is online, and the score against one of them.
package struct PlayerRoutes {
    /// Who is left out of the online list for each viewer.
    let visibility: PlayerVisibility

    package init(visibility: PlayerVisibility) {
        self.visibility = visibility
    }

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.onlinePlayers) { [visibility] request in
            let viewer = try request.user.id
            return try await Reply(OnlinePlayers(players: request.store.reads.presence
                .online(hiding: { visibility.hides(viewer, $0) })))
        }
        routes.on(Operations.series) { request in
            try await Reply(SeriesQuery(database: request.store.sql).series(
                of: request.user.id, against: request.parameter("userID", as: UserID.self)))
        }
    }
}
