import Foundation
import OXOAccounts
import OXOPlay
import OXOProtocol
import SQLKit

/// A player's profile, put together from the domains that each know a part of it, each
/// through its own small API: Accounts (who, since when), Ratings (record, rating and
/// its history), Games (what they play now), Presence (online, last seen, the series).
struct ProfileQuery {
    let database: any SQLDatabase

    func profile(of user: UserID, viewer: UserID) async throws -> Profile {
        guard let account = try await PlayerNames.account(of: user.rawValue, on: database) else {
            throw APIError(.playerNotFound, "There is no player \(user).")
        }
        let ratings = database.reads.ratings
        let standing = try await ratings.standing(of: user)
        let byPost = try await ratings.standing(of: user, pace: .correspondence)
        let presence = database.reads.presence
        let online = try await presence.isOnline(user.rawValue)
        let lastSeen = try await online ? nil : presence.lastSeen(user.rawValue)
        let series = try await viewer == user ? nil : SeriesQuery(database: database).series(of: viewer, against: user)
        return Profile(
            player: account.player, joinedAt: account.joinedAt, guest: account.guest,
            record: standing.record, rating: standing.rating, ratingHistory: try await ratings.history(of: user),
            currentGames: try await currentGames(of: user, viewer: viewer), online: online,
            lastSeenAt: lastSeen, series: series, correspondence: PaceStanding(rating: byPost.rating, record: byPost.record),
            variants: try await ratings.otherVariants(of: user))
    }

    /// The player's games not finished yet that the viewer may see: listed ones, and
    /// any the viewer plays in too. Private games are found only by their code.
    private func currentGames(of user: UserID, viewer: UserID) async throws -> [GameView] {
        let rows = try await database.reads.games.page(.unfinished(user), cursor: nil, limit: 50).rows
            .filter { $0.listed || $0.players.contains(viewer.rawValue) }
        return try await GameViews(database: database).views(of: rows)
    }
}
