import OXOCore
import Vapor

package struct MatchmakingRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.post("v1", "matchmaking") { request in
            try await Reply(MatchmakingService(store: request.store).play(as: request.user))
        }
        routes.get("v1", "matchmaking") { request in
            try await Reply(MatchmakingService(store: request.store).status(of: request.user))
        }
        routes.delete("v1", "matchmaking") { request in
            try await Reply(MatchmakingService(store: request.store).leave(as: request.user))
        }
    }
}
