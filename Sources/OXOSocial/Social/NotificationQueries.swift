import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// A row of `notifications`.
struct NotificationRow: Codable, Sendable {
    var id: UUID
    var userId: UUID
    var kind: NotificationKind
    var actorId: UUID?
    var gameId: UUID?
    var challengeId: UUID?
    var previousName: String?
    var read: Bool
    var createdAt: Date
    var tournamentId: UUID?

    enum CodingKeys: String, CodingKey {
        case id, kind, read
        case userId = "user_id", actorId = "actor_id", gameId = "game_id", challengeId = "challenge_id"
        case previousName = "previous_name", createdAt = "created_at", tournamentId = "tournament_id"
    }
}

/// Reading a player's inbox.
struct NotificationQueries {
    let database: any SQLDatabase

    static let columns = ["id", "user_id", "kind", "actor_id", "game_id", "challenge_id", "previous_name", "read", "created_at",
                          "tournament_id"]

    /// A page of `user`'s notifications, newest first, after the cursor (the last one of
    /// the previous page). The first page begins with the games where it is their turn
    /// (`yourTurns`), which are not stored and so not paged.
    func page(of user: UUID, cursor: String?, limit: Int) async throws -> NotificationPage {
        var query = select().where("user_id", .equal, user)
        if let cursor {
            guard let after = NotificationID(cursor) else {
                throw APIError(.invalidRequest, "'cursor' is not one this server gave out.")
            }
            query = query.where(SQLQueryString(
                "(created_at, id) < (SELECT created_at, id FROM notifications WHERE id = \(bind: after.rawValue))"))
        }
        let rows = try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit + 1)
            .all(decoding: NotificationRow.self)
        let page = Array(rows.prefix(limit))
        let turns = try await yourTurns(of: user).map(\.entry)
        return NotificationPage(notifications: (cursor == nil ? turns : []) + (try await views(of: page)),
                                unread: try await storedUnread(of: user) + turns.count(where: { !$0.read }),
                                nextCursor: rows.count > limit ? page.last?.id.lowercasedText : nil)
    }

    /// Unread notifications, stored and derived.
    func unread(of user: UUID) async throws -> Int {
        try await storedUnread(of: user) + yourTurns(of: user).count(where: { !$0.entry.read })
    }

    private func storedUnread(of user: UUID) async throws -> Int {
        try await database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from("notifications")
            .where("user_id", .equal, user).where("read", .equal, false)
            .first()?.decode(column: "count", as: Int.self) ?? 0
    }

    func muted(of user: UUID) async throws -> [NotificationKind] {
        try await database.select().column("kind").from("notification_mutes").where("user_id", .equal, user)
            .all().compactMap { NotificationKind(rawValue: try $0.decode(column: "kind", as: String.self)) }
            .sorted { $0.rawValue < $1.rawValue }
    }

    /// `known`: actors' summaries the caller has already; the others are read.
    func views(of rows: [NotificationRow], knowing known: [UUID: PlayerSummary] = [:]) async throws -> [InboxNotification] {
        let missing = rows.compactMap(\.actorId).filter { known[$0] == nil }
        let actors = known.merging(try await PlayerNames.summaries(of: missing, on: database)) { known, _ in known }
        return rows.map { row in
            InboxNotification(
                id: NotificationID(rawValue: row.id), kind: row.kind, actor: row.actorId.flatMap { actors[$0] },
                game: row.gameId.map(GameID.init(rawValue:)), challenge: row.challengeId.map(ChallengeID.init(rawValue:)),
                tournament: row.tournamentId.map(TournamentID.init(rawValue:)), previousDisplayName: row.previousName,
                read: row.read, createdAt: row.createdAt)
        }
    }

    private func select() -> SQLSelectBuilder {
        database.select().columns(Self.columns.map { SQLIdentifier($0) }).from("notifications")
    }
}

extension Reads {
    var notifications: NotificationQueries { NotificationQueries(database: sql) }
}
