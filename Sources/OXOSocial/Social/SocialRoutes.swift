import OXOCore
import OXOProtocol
import Vapor

/// Friends, follows and blocks. Everything under `/v1/me` is the caller's own; the lists
/// of followers and following are anyone's to read.
package struct SocialRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.listFriends) { request in
            try await Reply(request.store.reads.friends.list(for: request.user.id.rawValue))
        }
        routes.on(Operations.requestFriendship) { request in
            try await Reply(request.social.requestFriendship(request.decode(FriendRequestBody.self), by: request.user),
                            status: .created)
        }
        routes.on(Operations.acceptFriendship) { request in
            try await Reply(request.social.acceptFriendship(from: request.parameter("userID", as: UserID.self), by: request.user))
        }
        routes.on(Operations.markFriendNameSeen) { request in
            try await request.social.markNameSeen(of: request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        routes.on(Operations.removeFriendship) { request in
            try await request.social.removeFriendship(with: request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        routes.on(Operations.follow) { request in
            try await request.social.follow(request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        routes.on(Operations.unfollow) { request in
            try await request.social.unfollow(request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        routes.on(Operations.listBlocks) { request in
            try await Reply(request.social.blocks(of: request.user))
        }
        routes.on(Operations.block) { request in
            try await request.social.block(request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        routes.on(Operations.unblock) { request in
            try await request.social.unblock(request.parameter("userID", as: UserID.self), by: request.user)
            return Response(status: .noContent)
        }
        routes.on(Operations.getRelation) { request in
            try await Reply(request.social.relation(with: request.parameter("userID", as: UserID.self), of: request.user))
        }
        for (operation, direction) in [(Operations.listFollowers, FollowQueries.Direction.followers), (Operations.listFollowing, .following)] {
            routes.on(operation) { request in
                let (limit, cursor) = try request.pageQuery()
                return try await Reply(request.store.reads.follows.page(
                    direction, of: request.parameter("userID", as: UserID.self), cursor: cursor, limit: limit))
            }
        }
    }
}
