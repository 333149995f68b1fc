import Foundation
import OXOCore
import SQLKit

/// Accounts' reads of its accounts and sessions, on `reads.accounts`. Accounts' services
/// reach them through the store's own database handle (`store.database.sql`), the
/// connection Fluent's models read through before these reads replaced them: on SQLite
/// that is SQLiteNIO's pool, not the readers, and `DatabaseWaitTests` holds that pool.
struct AccountQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    /// The account with this id; nil when there is none.
    func user(_ id: UUID) async throws -> UserRow? {
        try await users().where("id", .equal, id).first(decoding: UserRow.self)
    }

    /// The account whose username (in lower case) or address is `login`.
    func user(login: String) async throws -> UserRow? {
        try await users().where("username_key", .equal, login).orWhere("email", .equal, login).first(decoding: UserRow.self)
    }

    /// The account that holds `email`; with `verified`, only once its owner confirmed it.
    func user(email: String, verified: Bool = false) async throws -> UserRow? {
        var found = users().where("email", .equal, email)
        if verified { found = found.where("email_verified_at", .isNot, SQLLiteral.null) }
        return try await found.first(decoding: UserRow.self)
    }

    /// Whether an account has this username (in lower case).
    func hasUser(usernameKey: String) async throws -> Bool {
        try await database.select().column("id").from("users").where("username_key", .equal, usernameKey).first() != nil
    }

    /// Whether an account has this address.
    func hasUser(email: String) async throws -> Bool {
        try await database.select().column("id").from("users").where("email", .equal, email).first() != nil
    }

    /// The display names the user had before, oldest first.
    func previousNames(of user: UUID) async throws -> [String] {
        try await database.select().column("previous_name").from("display_name_changes").where("user_id", .equal, user)
            .orderBy("changed_at").all().map { try $0.decode(column: "previous_name", as: String.self) }
    }

    /// The user's sessions used after `cutoff`, the most recently used first.
    func sessions(of user: UUID, usedAfter cutoff: Date) async throws -> [SessionRow] {
        try await sessions().where("user_id", .equal, user).where("last_used_at", .greaterThan, cutoff)
            .orderBy("last_used_at", .descending).all(decoding: SessionRow.self)
    }

    /// The user's session with this id; nil when they have none.
    func session(_ id: UUID, of user: UUID) async throws -> SessionRow? {
        try await sessions().where("id", .equal, id).where("user_id", .equal, user).first(decoding: SessionRow.self)
    }

    private func users() -> SQLSelectBuilder {
        database.select().columns(UserRow.CodingKeys.allCases.map(\.rawValue)).from("users")
    }

    private func sessions() -> SQLSelectBuilder {
        database.select().columns(SessionRow.CodingKeys.allCases.map(\.rawValue)).from("sessions")
    }
}

extension Reads {
    var accounts: AccountQueries { AccountQueries(database: sql) }
}
