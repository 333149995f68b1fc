import Foundation
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol

/// Everything the server holds about a user, read from each domain through its own
/// queries. Lists are read whole: an export is rare (`AccountExports` allows a few an hour)
/// and its point is to leave nothing out.
struct AccountExporter {
    let store: Store

    /// More rows than any list of one user's holds; the queries take a page size.
    private static let everything = 1_000_000

    func export(of user: AuthenticatedUser, accounts: AccountService) async throws -> AccountExport {
        let id = user.id.rawValue
        let sql = store.sql
        let follows = sql.reads.follows
        let standing = try await sql.reads.ratings.standing(of: user.id)
        let blocked = try await Blocks.blocked(by: id, on: sql)
        let blockedPlayers = try await PlayerNames.summaries(of: blocked, on: sql)
        return AccountExport(
            exportedAt: store.clock.now,
            account: try await accounts.me(user),
            sessions: try await accounts.sessions(of: user),
            games: try await sql.reads.games.everyGame(of: id),
            messages: try await sql.reads.chat.sent(by: id),
            conversations: try await sql.reads.conversations.list(for: id, limit: Self.everything),
            friends: try await sql.reads.friends.list(for: id),
            following: try await follows.page(.following, of: user.id, cursor: nil, limit: Self.everything).players,
            followers: try await follows.page(.followers, of: user.id, cursor: nil, limit: Self.everything).players,
            blocked: blocked.compactMap { blockedPlayers[$0] },
            notifications: try await sql.reads.notifications.page(of: id, cursor: nil, limit: Self.everything)
                .notifications,
            rating: standing.rating, record: standing.record,
            ratingHistory: try await sql.reads.ratings.history(of: user.id, limit: Self.everything),
            catalogueGames: try await sql.reads.catalogue.games(of: user.id, cursor: nil, limit: Self.everything).games,
            photos: try await sql.reads.media.uploads(of: id))
    }
}

