import OXOCore
import OXOProtocol
import Vapor

package struct MatchmakingRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.playRandom) { request in
            // No body, or one without a time control, asks for a casual game.
            let body = try await request.decodeIfSent(PlayRandomRequest.self) ?? PlayRandomRequest()
            return try await Reply(MatchmakingService(store: request.store).play(as: request.user, body))
        }
        routes.on(Operations.matchmakingStatus) { request in
            try await Reply(MatchmakingService(store: request.store).status(of: request.user))
        }
        routes.on(Operations.leaveMatchmaking) { request in
            try await Reply(MatchmakingService(store: request.store).leave(as: request.user))
        }
    }
}
