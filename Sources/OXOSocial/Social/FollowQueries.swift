import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// Reading follows: whether one follows another, and the pages of a player's followers
/// and of those they follow.
struct FollowQueries {
    let database: any SQLDatabase

    enum Direction {
        /// Those who follow the player.
        case followers
        /// Those the player follows.
        case following
    }

    func follows(_ follower: UUID, _ followee: UUID) async throws -> Bool {
        try await database.select().column("follower_id").from("follows")
            .where("follower_id", .equal, follower).where("followee_id", .equal, followee).first() != nil
    }

    /// A page of `direction` of `user`, newest first; the cursor is the last player of the
    /// previous page.
    func page(_ direction: Direction, of user: UserID, cursor: String?, limit: Int) async throws -> PlayerPage {
        guard try await PlayerNames.summary(of: user.rawValue, on: database) != nil else {
            throw APIError(.playerNotFound, "There is no player \(user).")
        }
        let (mine, theirs) = direction == .followers ? ("followee_id", "follower_id") : ("follower_id", "followee_id")
        var query = database.select().column(SQLIdentifier(theirs)).from("follows").where(SQLIdentifier(mine), .equal, SQLBind(user.rawValue))
        if let cursor {
            guard let after = UserID(cursor) else { throw APIError(.invalidRequest, "'cursor' is not one this server gave out.") }
            query = query.where(SQLQueryString("""
                (created_at, \(ident: theirs)) < (SELECT created_at, \(ident: theirs) FROM follows
                WHERE \(ident: mine) = \(bind: user.rawValue) AND \(ident: theirs) = \(bind: after.rawValue))
                """))
        }
        let ids = try await query.orderBy("created_at", .descending).orderBy(theirs, .descending).limit(limit + 1)
            .all().map { try $0.decode(column: theirs, as: UUID.self) }
        let page = Array(ids.prefix(limit))
        let players = try await PlayerNames.summaries(of: page, on: database)
        return PlayerPage(players: page.compactMap { players[$0] },
                          nextCursor: ids.count > limit ? page.last.map { UserID(rawValue: $0).description } : nil)
    }
}

extension FollowQueries {
    /// Those of `users` whom `follower` follows.
    func followed(by follower: UUID, among users: [UUID]) async throws -> Set<UUID> {
        guard !users.isEmpty else { return [] }
        return Set(try await database.select().column("followee_id").from("follows").where("follower_id", .equal, follower)
            .where("followee_id", .in, users).all().map { try $0.decode(column: "followee_id", as: UUID.self) })
    }
}

extension Reads {
    var follows: FollowQueries { FollowQueries(database: sql) }
}
