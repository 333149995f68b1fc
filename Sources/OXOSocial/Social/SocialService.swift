import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import Vapor

/// What the routes ask of friends, follows and blocks: each a change through the store.
struct SocialService {
    let store: Store

    /// Asks the player named `username`; when they asked first, this accepts. Two
    /// players asking each other at the same moment on PostgreSQL: one insert wins the
    /// pair's key, and the other, run again, finds that request and accepts it.
    func requestFriendship(_ body: FriendRequestBody, by user: AuthenticatedUser) async throws -> FriendLink {
        let target = try await player(named: body.username)
        do {
            return try await store.change { try await $0.friends.request(with: target, by: user.id.rawValue) }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            return try await store.change { try await $0.friends.request(with: target, by: user.id.rawValue) }
        }
    }

    func acceptFriendship(from requester: UserID, by user: AuthenticatedUser) async throws -> FriendLink {
        try await store.change { try await $0.friends.accept(from: requester.rawValue, by: user.id.rawValue) }
    }

    func removeFriendship(with other: UserID, by user: AuthenticatedUser) async throws {
        guard try await store.change({ try await $0.friends.remove(between: user.id.rawValue, and: other.rawValue) }) else {
            throw APIError(.friendRequestNotFound, "There is no friendship or request between you and that player.")
        }
    }

    func markNameSeen(of friend: UserID, by user: AuthenticatedUser) async throws {
        guard try await store.change({ try await $0.friends.markNameSeen(of: friend.rawValue, by: user.id.rawValue) }) else {
            throw APIError(.friendRequestNotFound, "That player is not your friend.")
        }
    }

    func follow(_ target: UserID, by user: AuthenticatedUser) async throws {
        try await store.change { try await $0.follows.follow(target.rawValue, by: user.id.rawValue) }
    }

    func unfollow(_ target: UserID, by user: AuthenticatedUser) async throws {
        try await store.change { try await $0.follows.unfollow(target.rawValue, by: user.id.rawValue) }
    }

    func block(_ target: UserID, by user: AuthenticatedUser) async throws {
        try await store.change { change in
            try await change.blocks.block(target.rawValue, by: user.id.rawValue)
            try await change.follows.endTies(between: user.id.rawValue, and: target.rawValue)
        }
    }

    func unblock(_ target: UserID, by user: AuthenticatedUser) async throws {
        try await store.change { try await $0.blocks.unblock(target.rawValue, by: user.id.rawValue) }
    }

    func blocks(of user: AuthenticatedUser) async throws -> BlockList {
        let blocked = try await Blocks.blocked(by: user.id.rawValue, on: store.sql)
        let players = try await PlayerNames.summaries(of: blocked, on: store.sql)
        return BlockList(blocked: blocked.compactMap { players[$0] },
                         hidden: try await Blocks.hiddenIDs(from: user.id.rawValue, on: store.sql).map(UserID.init(rawValue:)))
    }

    func relation(with other: UserID, of user: AuthenticatedUser) async throws -> PlayerRelation {
        let (me, them) = (user.id.rawValue, other.rawValue)
        guard let player = try await PlayerNames.summary(of: them, on: store.sql) else {
            throw APIError(.playerNotFound, "There is no player \(other).")
        }
        let friendship = try await store.reads.friends.row(between: me, and: them)
        let follows = store.reads.follows
        return PlayerRelation(player: player, friend: friendship?.state(for: me),
                        following: try await follows.follows(me, them), followedBy: try await follows.follows(them, me),
                        blocked: try await Blocks.blocked(by: me, on: store.sql).contains(them))
    }

    private func player(named username: String) async throws -> UUID {
        guard let id = try await PlayerNames.id(ofUsername: username, on: store.sql) else {
            throw APIError(.playerNotFound, "There is no player named \(username).")
        }
        return id
    }
}

extension Request {
    var social: SocialService { SocialService(store: store) }
}
