import OXOProtocol
import Vapor

/// Other players: who is online, and the score against one of them.
struct PlayerRoutes {
    func register(signedIn routes: any RoutesBuilder) {
        routes.get("v1", "players", "online") { request in
            try await Reply(OnlinePlayers(players: PresenceQueries(database: request.db.sql).online()))
        }
        routes.get("v1", "players", ":userID", "series") { request in
            try await Reply(SeriesQuery(database: request.db.sql).series(
                of: request.user.id, against: request.parameter("userID", as: UserID.self)))
        }
    }
}
