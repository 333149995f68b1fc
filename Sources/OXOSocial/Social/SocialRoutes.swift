import OXOCore
import OXOProtocol
import Vapor

/// Friends, follows and blocks. Everything under `/v1/me` is the caller's own; the lists
/// of followers and following are anyone's to read.
package struct SocialRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        let me = routes.grouped("v1", "me")
        me.get("friends") { request in
            try await Reply(FriendQueries(database: request.store.sql).list(for: request.user.id.rawValue))
        }
        me.post("friends") { request in
            try await Reply(request.social.requestFriendship(request.decode(FriendRequestBody.self), by: request.user),
                            status: .created)
        }
        me.post("friends", ":userID", "accept") { request in
            try await Reply(request.social.acceptFriendship(from: request.parameter("userID", as: UserID.self), by: request.user))
        }
        me.post("friends", ":userID", "seen") { request in
            try await request.social.markNameSeen(of: request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        me.delete("friends", ":userID") { request in
            try await request.social.removeFriendship(with: request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        me.put("following", ":userID") { request in
            try await request.social.follow(request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        me.delete("following", ":userID") { request in
            try await request.social.unfollow(request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        me.get("blocks") { request in
            try await Reply(request.social.blocks(of: request.user))
        }
        me.put("blocks", ":userID") { request in
            try await request.social.block(request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        me.delete("blocks", ":userID") { request in
            try await request.social.unblock(request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        routes.get("v1", "users", ":userID", "relation") { request in
            try await Reply(request.social.relation(with: request.parameter("userID", as: UserID.self), of: request.user))
        }
        for (path, direction) in [("followers", FollowQueries.Direction.followers), ("following", .following)] {
            routes.get("v1", "users", ":userID", .constant(path)) { request in
                let (limit, cursor) = try request.pageQuery()
                return try await Reply(FollowQueries(database: request.store.sql).page(
                    direction, of: request.parameter("userID", as: UserID.self), cursor: cursor, limit: limit))
            }
        }
    }
}
