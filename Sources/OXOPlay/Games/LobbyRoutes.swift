import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

/// The lobby's lists: games waiting for an opponent, and games to watch, without those of
/// players hidden from the caller.
package struct LobbyRoutes {
    let visibility: PlayerVisibility

    package init(visibility: PlayerVisibility) {
        self.visibility = visibility
    }

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.listOpenGames) { [visibility] request in
            try await Reply(request.gamePage(.open, visibility: visibility))
        }
        routes.on(Operations.listLiveGames) { [visibility] request in
            try await Reply(request.gamePage(.live, visibility: visibility))
        }
    }
}
