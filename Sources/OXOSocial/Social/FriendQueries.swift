import Foundation
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import SQLKit

/// A row of `friendships`: a request while not accepted, a friendship once it is.
struct FriendshipRow: Codable, Sendable {
    var pairKey: String
    var requesterId: UUID
    var addresseeId: UUID
    var accepted: Bool
    var createdAt: Date
    var acceptedAt: Date?
    var requesterSawName: String
    var addresseeSawName: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case accepted
        case pairKey = "pair_key", requesterId = "requester_id", addresseeId = "addressee_id"
        case createdAt = "created_at", acceptedAt = "accepted_at"
        case requesterSawName = "requester_saw_name", addresseeSawName = "addressee_saw_name"
    }

    /// The other player of the pair, seen from `user`.
    func other(than user: UUID) -> UUID { requesterId == user ? addresseeId : requesterId }

    /// The other player's display name as `user` last saw it.
    func nameSeen(by user: UUID) -> String { requesterId == user ? requesterSawName : addresseeSawName }

    /// Where `user` stands in this row.
    func state(for user: UUID) -> FriendState {
        accepted ? .friends : requesterId == user ? .outgoing : .incoming
    }

    var since: Date { acceptedAt ?? createdAt }

    /// The two ids in order, so that A asking B and B asking A are the same pair.
    static func pairKey(_ a: UUID, _ b: UUID) -> String {
        [a, b].map { $0.lowercasedText }.sorted().joined(separator: ":")
    }
}

/// Reading friendships and requests, and building the friends list.
package struct FriendQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    static let columns = FriendshipRow.CodingKeys.allCases.map(\.rawValue)

    func row(between a: UUID, and b: UUID) async throws -> FriendshipRow? {
        try await select().where("pair_key", .equal, FriendshipRow.pairKey(a, b)).first(decoding: FriendshipRow.self)
    }

    /// Every request and friendship `user` is part of.
    func rows(of user: UUID) async throws -> [FriendshipRow] {
        try await select().where { $0.where("requester_id", .equal, user).orWhere("addressee_id", .equal, user) }
            .all(decoding: FriendshipRow.self)
    }

    /// The ids of `user`'s friends.
    package func friendIDs(of user: UUID) async throws -> [UUID] {
        try await friendIDs(ofEach: [user])[user] ?? []
    }

    /// The friendships of one or two players, written once: friends hear of every socket
    /// that brings a player online or takes one offline, and of every game's start and end.
    /// One player is bound twice.
    private static let friendsOfTwo = FixedStatement("""
        SELECT requester_id, addressee_id FROM friendships
        WHERE accepted = $1 AND (requester_id IN ($2, $3) OR addressee_id IN ($2, $3))
        """)

    /// The ids of each one's friends, in one read; a player with none is left out.
    func friendIDs(ofEach users: [UUID]) async throws -> [UUID: [UUID]] {
        guard !users.isEmpty else { return [:] }
        let rows = if let ofTwo = Self.friendsOfTwo.on(database, true, oneOrTwo: users) {
            try await ofTwo.all()
        } else {
            try await database.select().columns("requester_id", "addressee_id").from("friendships")
                .where("accepted", .equal, true)
                .where { $0.where("requester_id", .in, users).orWhere("addressee_id", .in, users) }
                .all()
        }
        var friends: [UUID: [UUID]] = [:]
        let asked = Set(users)
        for row in rows {
            let pair = (try row.decode(column: "requester_id", as: UUID.self), try row.decode(column: "addressee_id", as: UUID.self))
            if asked.contains(pair.0) { friends[pair.0, default: []].append(pair.1) }
            if asked.contains(pair.1) { friends[pair.1, default: []].append(pair.0) }
        }
        return friends
    }

    /// The list as `user` sees it: friends online first (with open games before the
    /// rest), each with the name they had when `user` last looked if it has changed;
    /// then the requests received and made, newest first.
    func list(for user: UUID) async throws -> FriendList {
        let rows = try await rows(of: user)
        let others = rows.map { $0.other(than: user) }
        let players = try await PlayerNames.summaries(of: others, on: database)
        let present = try await database.reads.presence.online(among: others)
        let online = Dictionary(present.map { ($0.player.id.rawValue, $0.status) }, uniquingKeysWith: { first, _ in first })
        let games = try await openGames(of: rows.filter(\.accepted).map { $0.other(than: user) })
        var friends: [Friend] = []
        var incoming: [FriendLink] = []
        var outgoing: [FriendLink] = []
        for row in rows {
            let other = row.other(than: user)
            guard let player = players[other] else { continue }
            switch row.state(for: user) {
            case .friends:
                let seen = row.nameSeen(by: user)
                friends.append(Friend(player: player, previousDisplayName: seen == player.displayName ? nil : seen,
                                      status: online[other] ?? .offline, openGames: games[other] ?? [], since: row.since))
            case .incoming: incoming.append(FriendLink(player: player, state: .incoming, since: row.since))
            case .outgoing: outgoing.append(FriendLink(player: player, state: .outgoing, since: row.since))
            }
        }
        func rank(_ friend: Friend) -> Int { friend.status == .offline ? 2 : friend.openGames.isEmpty ? 1 : 0 }
        friends.sort { (rank($0), $0.player.displayName.lowercased(), $0.player.username) < (rank($1), $1.player.displayName.lowercased(), $1.player.username) }
        return FriendList(friends: friends, incoming: incoming.sorted { $0.since > $1.since },
                          outgoing: outgoing.sorted { $0.since > $1.since })
    }

    /// The open games anyone may join that each of `users` made, newest first.
    private func openGames(of users: [UUID]) async throws -> [UUID: [GameView]] {
        guard !users.isEmpty else { return [:] }
        let rows = try await database.reads.games.page(.openBy(users.map(UserID.init(rawValue:))), cursor: nil, limit: 100).rows
        let views = try await GameViews(database: database).views(of: rows)
        return Dictionary(grouping: zip(rows, views), by: { $0.0.creatorId }).mapValues { $0.map(\.1) }
    }

    private func select() -> SQLSelectBuilder {
        database.select().columns(Self.columns.map { SQLIdentifier($0) }).from("friendships")
    }
}

extension Reads {
    package var friends: FriendQueries { FriendQueries(database: sql) }
}
