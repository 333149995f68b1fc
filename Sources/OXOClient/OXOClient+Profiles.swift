import OXOProtocol
import TicTacToe

extension OXOClient {
    /// A player's profile: record, rating and its history, current games, online or last
    /// seen, and the series with the signed-in player. Nil asks for one's own.
    public func profile(of user: UserID? = nil) async throws -> Profile {
        try await perform(Endpoints.profile(of: user))
    }

    /// A page of the leaderboard (`cursor` is the `next_cursor` of the page before), with
    /// the signed-in player's own row in `me` wherever it is; of real-time games' ratings
    /// unless `pace` says correspondence; of classic unless `variant` names another; of
    /// people unless `players` says bots.
    public func leaderboard(by order: LeaderboardOrder = .rating, pace: Pace? = nil, variant: Variant? = nil,
                            players: LeaderboardPlayers? = nil, cursor: String? = nil, limit: Int? = nil) async throws -> LeaderboardPage {
        try await perform(Endpoints.leaderboard(by: order, pace: pace, variant: variant, players: players, cursor: cursor, limit: limit))
    }
}
