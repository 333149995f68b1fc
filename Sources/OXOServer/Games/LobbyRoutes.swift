import OXOProtocol
import Vapor

/// The lobby's lists: games waiting for an opponent, and games to watch, without those of
/// players hidden from the caller.
struct LobbyRoutes {
    let visibility: PlayerVisibility

    func register(signedIn routes: any RoutesBuilder) {
        routes.get("v1", "games", "open") { [visibility] request in
            try await Reply(request.gamePage(.open, visibility: visibility))
        }
        routes.get("v1", "games", "live") { [visibility] request in
            try await Reply(request.gamePage(.live, visibility: visibility))
        }
    }
}
