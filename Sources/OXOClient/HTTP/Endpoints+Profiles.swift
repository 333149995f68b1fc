import Foundation
import OXOProtocol
import TicTacToe

/// Profiles and the leaderboard.
extension Endpoints {
    static func profile(of user: UserID?) -> Endpoint<Profile> {
        if let user { Endpoint(Operations.profile, user) } else { Endpoint(Operations.myProfile) }
    }

    static func leaderboard(by order: LeaderboardOrder, pace: Pace? = nil, variant: Variant? = nil,
                            players: LeaderboardPlayers? = nil, cursor: String?, limit: Int?) -> Endpoint<LeaderboardPage> {
        Endpoint(Operations.leaderboard, query: [URLQueryItem(name: "by", value: order.rawValue)] + (pace.map { [URLQueryItem(name: "pace", value: $0.rawValue)] } ?? [])
                    + (variant.map { [URLQueryItem(name: "variant", value: $0.rawValue)] } ?? [])
                    + (players.map { [URLQueryItem(name: "players", value: $0.rawValue)] } ?? [])
                    + page(cursor: cursor, limit: limit))
    }
}
