import Fluent
import Foundation
import OXOAccounts
import OXOProtocol
import SQLKit

/// Who is online and what they are doing, read from the connections every server
/// process records. The status is derived from the games and their watchers (through the
/// conditions Games offers), so it cannot drift from them.
package struct PresenceQueries {
    let database: any SQLDatabase

    package init(database: any SQLDatabase) {
        self.database = database
    }

    /// Everyone online, by username; with `users`, only those of them who are online;
    /// with `hiding` (a condition over a user-id column), without those it holds for.
    package func online(
        among users: [UUID]? = nil, hiding: ((_ column: String) -> SQLQueryString)? = nil, limit: Int = 500
    ) async throws -> [OnlinePlayer] {
        if let users, users.isEmpty { return [] }
        var only = users.map { SQLQueryString("AND p.user_id IN \(SQLBind.group($0))") } ?? SQLQueryString("")
        if let hiding { only = "\(only) AND NOT (\(hiding("p.user_id")))" }
        let rows = try await database.raw("""
            SELECT p.user_id AS id, \(unsafeRaw: PlayerNames.columns(of: "p.user_id", prefix: "u").joined(separator: ", ")),
            CASE WHEN \(GameQueries.isPlaying("p.user_id")) THEN \(bind: PresenceStatus.playing.rawValue)
                 WHEN EXISTS (SELECT 1 FROM match_queue q WHERE q.user_id = p.user_id) THEN \(bind: PresenceStatus.waiting.rawValue)
                 WHEN \(GameQueries.isWatching("p.user_id")) THEN \(bind: PresenceStatus.watching.rawValue)
                 ELSE \(bind: PresenceStatus.lobby.rawValue) END AS status
            FROM (SELECT DISTINCT user_id FROM presence) p WHERE 1 = 1 \(only)
            ORDER BY \(unsafeRaw: PlayerNames.usernameKey(of: "p.user_id")) LIMIT \(literal: limit)
            """).all()
        return try rows.compactMap { row in
            guard let player = PlayerNames.summary(id: try row.decode(column: "id", as: UUID?.self),
                                                   username: try row.decode(column: "u_username", as: String?.self),
                                                   displayName: try row.decode(column: "u_display_name", as: String?.self),
                                                   avatarMedia: try row.decode(column: "u_avatar_media", as: String?.self),
                                                   bot: try row.decode(column: "u_bot", as: Bool?.self))
            else { return nil }
            return OnlinePlayer(player: player, status: try row.decode(column: "status", as: PresenceStatus.self))
        }
    }

    func connections(of user: UUID) async throws -> Int {
        try await database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from("presence")
            .where("user_id", .equal, user)
            .first()?.decode(column: "count", as: Int.self) ?? 0
    }

    package func isOnline(_ user: UUID) async throws -> Bool {
        try await connections(of: user) > 0
    }

    /// Those of `users` with a client connected, in one read.
    func connected(among users: [UUID]) async throws -> Set<UUID> {
        guard !users.isEmpty else { return [] }
        return Set(try await database.select().distinct().column("user_id").from("presence").where("user_id", .in, users)
            .all().map { try $0.decode(column: "user_id", as: UUID.self) })
    }

    /// When the last client of `user` went; nil when none ever connected.
    package func lastSeen(_ user: UUID) async throws -> Date? {
        try await database.select().column("seen_at").from("last_seen").where("user_id", .equal, user)
            .first()?.decode(column: "seen_at", as: Date.self)
    }

    /// A player's wait for *Play random*: since when, and for games of which time control.
    package struct Wait: Sendable {
        package let since: Date
        package let control: TimeControl
    }

    /// The player's wait for *Play random*; nil when they are not waiting.
    func wait(of user: UUID) async throws -> Wait? {
        guard let row = try await database.select().columns(["since"] + TimeControlColumns.names).from("match_queue")
            .where("user_id", .equal, user).first()
        else { return nil }
        return Wait(since: try row.decode(column: "since", as: Date.self), control: try TimeControlColumns.read(row))
    }

    /// A condition that holds for a user id in `column` while that user is online, for
    /// other domains' queries (Play random pairs only players who are here).
    package static func isOnline(_ column: String) -> SQLQueryString {
        "\(unsafeRaw: column) IN (SELECT user_id FROM presence)"
    }
}
