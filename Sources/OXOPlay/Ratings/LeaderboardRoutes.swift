import OXOCore
import OXOProtocol
import TicTacToe
import Vapor

/// The leaderboard, by rating or by wins this week, of one variant, of real-time or
/// correspondence games, of people or of bots, a page at a time; from the standby when
/// there is one (`StandbyReads`).
package struct LeaderboardRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.leaderboard) { request in
            let by = try request.query.get(String?.self, at: "by") ?? LeaderboardOrder.rating.rawValue
            guard let order = LeaderboardOrder(rawValue: by) else {
                throw APIError(.invalidRequest, "'by' must be 'rating' or 'weekly_wins'.")
            }
            let paceName = try request.query.get(String?.self, at: "pace") ?? Pace.realTime.rawValue
            guard let pace = Pace(rawValue: paceName) else {
                throw APIError(.invalidRequest, "'pace' must be 'real_time' or 'correspondence'.")
            }
            let variantName = try request.query.get(String?.self, at: "variant") ?? Variant.classic.rawValue
            guard let variant = Variant(rawValue: variantName) else {
                throw APIError(.invalidRequest, "'variant' must be one of \(Variant.allCases.map { "'\($0)'" }.joined(separator: ", ")).")
            }
            let playersName = try request.query.get(String?.self, at: "players") ?? LeaderboardPlayers.people.rawValue
            guard let players = LeaderboardPlayers(rawValue: playersName) else {
                throw APIError(.invalidRequest, "'players' must be 'people' or 'bots'.")
            }
            // Bots have a board of their own, unless the server rates them with people.
            let bots: Bool? = players == .bots ? true : request.application.oxo.configuration.botsRatedWithPeople ? nil : false
            let (limit, cursor) = try request.pageQuery()
            return try await Reply(LeaderboardQuery(database: request.staleReadSQL, order: order, pace: pace, variant: variant, bots: bots,
                                                    now: request.application.oxo.clock.now)
                .page(after: cursor, limit: limit, viewer: request.user.id))
        }
    }
}
