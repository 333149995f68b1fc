import OXOProtocol
import Vapor

/// The lobby's lists: games waiting for an opponent, and games to watch.
struct LobbyRoutes {
    func register(signedIn routes: any RoutesBuilder) {
        routes.get("v1", "games", "open") { request in
            try await Reply(request.gamePage(.open))
        }
        routes.get("v1", "games", "live") { request in
            try await Reply(request.gamePage(.live))
        }
    }
}
