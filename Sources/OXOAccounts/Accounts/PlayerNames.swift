import Fluent
import Foundation
import OXOProtocol
import SQLKit

/// How other domains read who a player is: the one place a `PlayerSummary` is built
/// from stored columns, so that no domain reads the accounts' tables on its own.
package enum PlayerNames {
    /// The SQL that selects the username, display name and photo of the user whose id is
    /// in `idColumn`, as `<prefix>_username`, `<prefix>_display_name` and
    /// `<prefix>_avatar_media`, for a row that `summary(id:username:displayName:avatarMedia:)`
    /// reads back. Plain text, so that a statement read on every move can be written out once.
    package static func columns(of idColumn: String, prefix: String) -> [String] {
        [
            #"(SELECT u.username FROM users u WHERE u.id = \#(idColumn)) AS "\#(prefix)_username""#,
            #"(SELECT u.display_name FROM users u WHERE u.id = \#(idColumn)) AS "\#(prefix)_display_name""#,
            #"(SELECT u.avatar_media FROM users u WHERE u.id = \#(idColumn)) AS "\#(prefix)_avatar_media""#,
        ]
    }

    /// The SQL for the key players are listed by (their username in lower case), of the user
    /// whose id is in `idColumn`.
    package static func usernameKey(of idColumn: String) -> String {
        "(SELECT u.username_key FROM users u WHERE u.id = \(idColumn))"
    }

    /// What a player whose account was deleted is called wherever a row still names them
    /// (a finished game): one name for all, which is no username anyone can register.
    package static let deletedName = "deleted player"

    package static func deleted(_ id: UUID) -> PlayerSummary {
        PlayerSummary(id: UserID(rawValue: id), username: deletedName, displayName: deletedName,
                      avatar: AvatarURL.of(photo: nil, username: deletedName, displayName: deletedName))
    }

    /// The player whose id, username and display name were read, with their photo or
    /// stock avatar; nil when there is no id, a deleted player when the id names no account.
    package static func summary(id: UUID?, username: String?, displayName: String?, avatarMedia: String?) -> PlayerSummary? {
        guard let id else { return nil }
        guard let username, let displayName else { return deleted(id) }
        return PlayerSummary(id: UserID(rawValue: id), username: username, displayName: displayName,
                             avatar: AvatarURL.of(photo: avatarMedia, username: username, displayName: displayName))
    }

    /// The players with these ids; an unknown id is left out.
    package static func summaries(of ids: some Collection<UUID>, on database: any SQLDatabase) async throws -> [UUID: PlayerSummary] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await database.select().columns("id", "username", "display_name", "avatar_media").from("users")
            .where("id", .in, Array(Set(ids))).all()
        var players: [UUID: PlayerSummary] = [:]
        for row in rows {
            let id = try row.decode(column: "id", as: UUID.self)
            players[id] = summary(id: id, username: try row.decode(column: "username", as: String.self),
                                  displayName: try row.decode(column: "display_name", as: String.self),
                                  avatarMedia: try row.decode(column: "avatar_media", as: String?.self))
        }
        return players
    }

    /// The id of the player with this username, in any case; nil when there is none.
    package static func id(ofUsername username: String, on database: any SQLDatabase) async throws -> UUID? {
        try await database.select().column("id").from("users").where("username_key", .equal, username.lowercased())
            .first()?.decode(column: "id", as: UUID.self)
    }

    package static func summary(of id: UUID, on database: any SQLDatabase) async throws -> PlayerSummary? {
        try await summaries(of: [id], on: database)[id]
    }

    /// The pattern of guests' made-up addresses, written into the statement: SQLite plans
    /// a `LIKE` by its pattern, so a bound pattern made it prepare the statement again on
    /// every run (once for every finished game, for ratings).
    static let guestEmails = SQLLiteral.string("%@" + AccountRules.guestDomain)

    /// Those of `ids` whose accounts are guests' (made up by the server, not registered).
    package static func guests(among ids: [UUID], on database: any SQLDatabase) async throws -> Set<UUID> {
        Set(try await database.select().column("id").from("users").where("id", .in, ids)
            .where("email", .like, Self.guestEmails)
            .all().map { try $0.decode(column: "id", as: UUID.self) })
    }

    /// Who a player is with when they joined and whether they are a guest, for a profile;
    /// nil for an unknown id.
    package static func account(of id: UUID, on database: any SQLDatabase) async throws -> PlayerAccount? {
        guard let row = try await database.select().columns("id", "username", "display_name", "avatar_media", "email", "created_at")
            .from("users").where("id", .equal, id).first(),
            let player = summary(id: id, username: try row.decode(column: "username", as: String.self),
                                 displayName: try row.decode(column: "display_name", as: String.self),
                                 avatarMedia: try row.decode(column: "avatar_media", as: String?.self))
        else { return nil }
        return PlayerAccount(player: player, joinedAt: try row.decode(column: "created_at", as: Date.self),
                             guest: AccountRules.isGuest(email: try row.decode(column: "email", as: String.self)))
    }
}

/// What anyone may know of an account besides its names.
package struct PlayerAccount: Sendable {
    package let player: PlayerSummary
    package let joinedAt: Date
    package let guest: Bool
}

extension UserRecord {
    var summary: PlayerSummary? {
        PlayerNames.summary(id: id, username: username, displayName: displayName, avatarMedia: avatarMedia)
    }
}
