import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// How other domains read who a player is: the one place a `PlayerSummary` is built
/// from stored columns, so that no domain reads the accounts' tables on its own.
package enum PlayerNames {
    /// The SQL that selects the username, display name, photo and bot flag of the user whose
    /// id is in `idColumn`, as `<prefix>_username`, `<prefix>_display_name`,
    /// `<prefix>_avatar_media` and `<prefix>_bot`, for a row that
    /// `summary(id:username:displayName:avatarMedia:bot:)` reads back. Plain text, so that a
    /// statement read on every move can be written out once.
    package static func columns(of idColumn: String, prefix: String) -> [String] {
        [
            #"(SELECT u.username FROM users u WHERE u.id = \#(idColumn)) AS "\#(prefix)_username""#,
            #"(SELECT u.display_name FROM users u WHERE u.id = \#(idColumn)) AS "\#(prefix)_display_name""#,
            #"(SELECT u.avatar_media FROM users u WHERE u.id = \#(idColumn)) AS "\#(prefix)_avatar_media""#,
            #"(SELECT u.bot FROM users u WHERE u.id = \#(idColumn)) AS "\#(prefix)_bot""#,
        ]
    }

    /// The SQL for the key players are listed by (their username in lower case), of the user
    /// whose id is in `idColumn`.
    package static func usernameKey(of idColumn: String) -> String {
        "(SELECT u.username_key FROM users u WHERE u.id = \(idColumn))"
    }

    /// A condition that holds for a user id in `idColumn` when that user is a bot, for other
    /// domains' lists (the leaderboard keeps bots on a board of their own): one look-up by
    /// primary key a row.
    package static func isBot(_ idColumn: String) -> SQLQueryString {
        "EXISTS (SELECT 1 FROM users u WHERE u.id = \(unsafeRaw: idColumn) AND u.bot)"
    }

    /// What a player whose account was deleted is called wherever a row still names them
    /// (a finished game): one name for all, which is no username anyone can register.
    package static let deletedName = "deleted player"

    package static func deleted(_ id: UUID) -> PlayerSummary {
        PlayerSummary(id: UserID(rawValue: id), username: deletedName, displayName: deletedName,
                      avatar: AvatarURL.of(photo: nil, username: deletedName, displayName: deletedName))
    }

    /// The player whose id, username and display name were read, with their photo or
    /// stock avatar and whether it is a bot; nil when there is no id, a deleted player when
    /// the id names no account.
    package static func summary(id: UUID?, username: String?, displayName: String?, avatarMedia: String?, bot: Bool?) -> PlayerSummary? {
        guard let id else { return nil }
        guard let username, let displayName else { return deleted(id) }
        return PlayerSummary(id: UserID(rawValue: id), username: username, displayName: displayName,
                             avatar: AvatarURL.of(photo: avatarMedia, username: username, displayName: displayName),
                             bot: bot ?? false)
    }

    /// Reads back the player a row holds under `summaryColumns`' names.
    private static func summary(of row: any SQLRow) throws -> PlayerSummary? {
        summary(id: try row.decode(column: "id", as: UUID.self), username: try row.decode(column: "username", as: String.self),
                displayName: try row.decode(column: "display_name", as: String.self),
                avatarMedia: try row.decode(column: "avatar_media", as: String?.self), bot: try row.decode(column: "bot", as: Bool.self))
    }

    private static let summaryColumns = ["id", "username", "display_name", "avatar_media", "bot"]

    /// The players with these ids; an unknown id is left out.
    package static func summaries(of ids: some Collection<UUID>, on database: any SQLDatabase) async throws -> [UUID: PlayerSummary] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await database.select().columns(summaryColumns).from("users")
            .where("id", .in, Array(Set(ids))).all()
        var players: [UUID: PlayerSummary] = [:]
        for row in rows {
            if let player = try summary(of: row) { players[player.id.rawValue] = player }
        }
        return players
    }

    /// The id of the player with this username, in any case; nil when there is none.
    package static func id(ofUsername username: String, on database: any SQLDatabase) async throws -> UUID? {
        try await database.select().column("id").from("users").where("username_key", .equal, username.lowercased())
            .first()?.decode(column: "id", as: UUID.self)
    }

    /// One player, written once: a player's last socket going runs it, and every event that
    /// names a player by id.
    package static func summary(of id: UUID, on database: any SQLDatabase) async throws -> PlayerSummary? {
        guard let row = try await oneSummary.on(database, id).first() else { return nil }
        return try summary(of: row)
    }

    private static let oneSummary = FixedStatement("SELECT \(summaryColumns.joined(separator: ", ")) FROM users WHERE id = $1")

    /// The pattern of guests' made-up addresses, written into the statement: SQLite plans
    /// a `LIKE` by its pattern, so a bound pattern made it prepare the statement again on
    /// every run.
    static let guestEmails = SQLLiteral.string("%@" + AccountRules.guestDomain)

    /// What kind of account each of two players is; an unknown id is left out. One
    /// statement on the primary key, written once: ratings ask it for every finished game.
    package static func kinds(of first: UUID, and second: UUID, on database: any SQLDatabase) async throws -> [UUID: AccountKind] {
        var kinds: [UUID: AccountKind] = [:]
        for row in try await kindsOfTwo.on(database, first, second).all() {
            kinds[try row.decode(column: "id", as: UUID.self)] =
                try row.decode(column: "bot", as: Bool.self) ? .bot
                : AccountRules.isGuest(email: try row.decode(column: "email", as: String.self)) ? .guest : .person
        }
        return kinds
    }

    private static let kindsOfTwo = FixedStatement("SELECT id, email, bot FROM users WHERE id IN ($1, $2)")

    /// Who a player is with when they joined and whether they are a guest, for a profile;
    /// nil for an unknown id.
    package static func account(of id: UUID, on database: any SQLDatabase) async throws -> PlayerAccount? {
        guard let row = try await database.select().columns(summaryColumns + ["email", "created_at"])
            .from("users").where("id", .equal, id).first(),
            let player = try summary(of: row)
        else { return nil }
        return PlayerAccount(player: player, joinedAt: try row.decode(column: "created_at", as: Date.self),
                             guest: AccountRules.isGuest(email: try row.decode(column: "email", as: String.self)))
    }
}

/// Who holds an account: a registered person, a guest the server made up, or a computer
/// player an operator made.
package enum AccountKind: Sendable {
    case person, guest, bot
}

/// What anyone may know of an account besides its names.
package struct PlayerAccount: Sendable {
    package let player: PlayerSummary
    package let joinedAt: Date
    package let guest: Bool
}
