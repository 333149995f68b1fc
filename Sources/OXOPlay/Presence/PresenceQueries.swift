import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// Who is online and what they are doing, read from the connections every server
/// process records. The status is derived from the games and their watchers (through the
/// conditions Games offers), so it cannot drift from them.
package struct PresenceQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    /// Everyone online, by username; with `users`, only those of them who are online;
    /// with `hiding` (a condition over a user-id column), without those it holds for.
    package func online(
        among users: [UUID]? = nil, hiding: ((_ column: String) -> SQLQueryString)? = nil, limit: Int = 500
    ) async throws -> [OnlinePlayer] {
        if let users, users.isEmpty { return [] }
        if let users, hiding == nil, limit >= users.count, let amongTwo = Self.onlineAmongTwo.on(database, oneOrTwo: users) {
            return try await amongTwo.all().compactMap(Self.player)
        }
        var only = users.map { SQLQueryString("AND p.user_id IN \(SQLBind.group($0))") } ?? SQLQueryString("")
        if let hiding { only = "\(only) AND NOT (\(hiding("p.user_id")))" }
        return try await database.raw("""
            \(unsafeRaw: Self.onlineSelect) WHERE 1 = 1 \(only) \(unsafeRaw: Self.byUsername) LIMIT \(literal: limit)
            """).all().compactMap(Self.player)
    }

    /// The presence of one or two players, written once: a player's coming and going and a
    /// game's start and end announce it, so it runs for every socket that opens and every
    /// game that begins or ends. One player is bound twice.
    private static let onlineAmongTwo = FixedStatement("\(onlineSelect) WHERE p.user_id IN ($1, $2) \(byUsername)")

    /// Who is online, with names and status. The statuses are written into the text, like
    /// the phase in `GameQueries.isPlaying`.
    private static let onlineSelect = """
        SELECT p.user_id AS id, \(PlayerNames.columns(of: "p.user_id", prefix: "u").joined(separator: ", ")),
        CASE WHEN \(GameQueries.isPlaying("p.user_id")) THEN '\(PresenceStatus.playing.rawValue)'
             WHEN (SELECT 1 FROM match_queue q WHERE q.user_id = p.user_id) IS NOT NULL THEN '\(PresenceStatus.waiting.rawValue)'
             WHEN \(GameQueries.isWatching("p.user_id")) THEN '\(PresenceStatus.watching.rawValue)'
             ELSE '\(PresenceStatus.lobby.rawValue)' END AS status
        FROM (SELECT DISTINCT user_id FROM presence) p
        """

    private static let byUsername = "ORDER BY \(PlayerNames.usernameKey(of: "p.user_id"))"

    private static func player(from row: any SQLRow) throws -> OnlinePlayer? {
        guard let player = PlayerNames.summary(id: try row.decode(column: "id", as: UUID?.self),
                                               username: try row.decode(column: "u_username", as: String?.self),
                                               displayName: try row.decode(column: "u_display_name", as: String?.self),
                                               avatarMedia: try row.decode(column: "u_avatar_media", as: String?.self),
                                               bot: try row.decode(column: "u_bot", as: Bool?.self))
        else { return nil }
        return OnlinePlayer(player: player, status: try row.decode(column: "status", as: PresenceStatus.self))
    }

    private static let connectionsCounted = FixedStatement("SELECT COUNT(*) AS count FROM presence WHERE user_id = $1")

    func connections(of user: UUID) async throws -> Int {
        try await Self.connectionsCounted.on(database, user).first()?.decode(column: "count", as: Int.self) ?? 0
    }

    package func isOnline(_ user: UUID) async throws -> Bool {
        try await connections(of: user) > 0
    }

    /// The player whose socket `connection` is; nil once it is gone.
    func owner(of connection: UUID) async throws -> UUID? {
        try await Self.connectionOwner.on(database, connection).first()?.decode(column: "user_id", as: UUID.self)
    }

    /// Written once: every socket that closes asks it.
    private static let connectionOwner = FixedStatement("SELECT user_id FROM presence WHERE connection_id = $1")

    /// The connections no process has confirmed since `oldest`: their process stopped
    /// without closing them. A row's own `seen_at` is when it was made, or when a process
    /// of an earlier version, which confirms each row, last did; so a connection is stale
    /// when that is old and its process has not confirmed itself either.
    func staleConnections(before oldest: Date) async throws -> [UUID] {
        try await Self.unconfirmedConnections.on(database, oldest).all().map { try $0.decode(column: "connection_id", as: UUID.self) }
    }

    private static let unconfirmedConnections = FixedStatement("""
        SELECT connection_id FROM presence WHERE seen_at < $1
        AND process_id NOT IN (SELECT process_id FROM server_processes WHERE seen_at >= $1)
        """)

    /// Those of `users` with a client connected, in one read.
    func connected(among users: [UUID]) async throws -> Set<UUID> {
        guard !users.isEmpty else { return [] }
        let rows = if let amongTwo = Self.connectedAmongTwo.on(database, oneOrTwo: users) {
            try await amongTwo.all()
        } else {
            try await database.select().distinct().column("user_id").from("presence").where("user_id", .in, users).all()
        }
        return Set(try rows.map { try $0.decode(column: "user_id", as: UUID.self) })
    }

    /// Written once: every game that starts between two people asks it. One player is bound twice.
    private static let connectedAmongTwo = FixedStatement("SELECT DISTINCT user_id FROM presence WHERE user_id IN ($1, $2)")

    /// When the last client of `user` went; nil when none ever connected.
    package func lastSeen(_ user: UUID) async throws -> Date? {
        try await database.select().column("seen_at").from("last_seen").where("user_id", .equal, user)
            .first()?.decode(column: "seen_at", as: Date.self)
    }

    /// A player's wait for *Play random*: since when, and for games of which variant and
    /// time control.
    package struct Wait: Sendable {
        package let since: Date
        package let variant: Variant
        package let control: TimeControl
    }

    /// The player's wait for *Play random*; nil when they are not waiting.
    func wait(of user: UUID) async throws -> Wait? {
        guard let row = try await database.select().columns(["since", "variant"] + TimeControlColumns.names).from("match_queue")
            .where("user_id", .equal, user).first()
        else { return nil }
        return Wait(since: try row.decode(column: "since", as: Date.self),
                    variant: VariantColumn.read(try row.decode(column: "variant", as: String?.self)),
                    control: try TimeControlColumns.read(row))
    }

    /// A condition that holds for a user id in `column` while that user is online, for
    /// other domains' queries (Play random pairs only players who are here).
    package static func isOnline(_ column: String) -> SQLQueryString {
        "\(unsafeRaw: column) IN (SELECT user_id FROM presence)"
    }
}

extension Reads {
    package var presence: PresenceQueries { PresenceQueries(database: sql) }
}
