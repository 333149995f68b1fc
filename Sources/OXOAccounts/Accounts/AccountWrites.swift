import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Accounts' writes, on `change.accounts`: users, their names, passwords and mailed links.
package struct AccountWrites: ChangeHandle { package let change: Change }

extension Change { package var accounts: AccountWrites { AccountWrites(change: self) } }

/// The changes to accounts, written through SQLKit like every other change, so that they
/// run on SQLite's writer as they do on PostgreSQL. The records' ids are drawn here.
extension AccountWrites {
    func insert(_ user: UserRow) async throws {
        try await sql.insert(into: "users")
            .columns("id", "username", "username_key", "email", "display_name", "password_hash", "created_at", "bot", "pending_email",
                     "language")
            .values(SQLBind(user.id), SQLBind(user.username), SQLBind(user.usernameKey), SQLBind(user.email),
                    SQLBind(user.displayName), SQLBind(user.passwordHash), SQLBind(user.createdAt), SQLBind(user.bot),
                    SQLBind(user.pendingEmail), SQLBind(user.language))
            .run()
    }

    /// Deletes the account: its row goes, and with it (by their foreign keys) every row
    /// of every domain that is only about it, and its username is held until `nameFreeAt`.
    /// Rows that stay (games, challenges) name an id no account has, which `PlayerNames`
    /// shows as a deleted player. False when there is no such account.
    package func delete(_ user: UUID, nameFreeAt: Date) async throws -> Bool {
        guard let row = try await sql.select().columns("username_key", "email").from("users")
            .where("id", .equal, user).first()
        else { return false }
        let key = try row.decode(column: "username_key", as: String.self)
        try await change.sessions.end(of: user)
        try await change.mail.withdraw(to: try row.decode(column: "email", as: String.self))
        // Names whose hold is over are forgotten, so the table keeps only those still held.
        try await sql.delete(from: "released_names").where("free_at", .lessThanOrEqual, now).run()
        try await sql.insert(into: "released_names").columns("username_key", "free_at")
            .values(SQLBind(key), SQLBind(nameFreeAt))
            .onConflict(with: ["username_key"]) { $0.set(excludedValueOf: "free_at") }.run()
        try await sql.delete(from: "users").where("id", .equal, user).run()
        return true
    }

    /// Suspends an account and ends every session of it, so its sockets close on every
    /// server process; nil when there is no such account.
    package func suspend(_ user: UUID) async throws -> Bool {
        let found = try await sql.update("users").set("suspended_at", to: now).where("id", .equal, user)
            .returning("id").all()
        try await change.sessions.end(sql.delete(from: "sessions").where("user_id", .equal, user))
        return !found.isEmpty
    }

    /// Lets a suspended account sign in again.
    package func reinstate(_ user: UUID) async throws -> Bool {
        !(try await sql.update("users").set("suspended_at", to: SQLLiteral.null).where("id", .equal, user)
            .returning("id").all()).isEmpty
    }

    /// Makes a guest's account a registered one; false when it is not a guest's. A display
    /// name or a language left out stays the guest's.
    func register(guest user: UUID, username: String, email: String, pendingEmail: String?, passwordHash: String,
                  displayName: String?, language: Language?) async throws -> Bool {
        var update = sql.update("users")
            .set("username", to: username).set("username_key", to: username.lowercased())
            .set("email", to: email).set("pending_email", to: SQLBind(pendingEmail)).set("password_hash", to: passwordHash)
        if let displayName { update = update.set("display_name", to: displayName) }
        if let language { update = update.set("language", to: UserLanguage.value(of: language)) }
        forgetLiveRowsNamingPlayers()
        return try await !update.where("id", .equal, user)
            .where("email", .like, PlayerNames.guestEmails)
            .returning("id").all().isEmpty
    }

    /// A game's row carries its players' names and avatars, and no event on the game's
    /// topic tells of a new one: the writer keeps no row past such a change.
    private func forgetLiveRowsNamingPlayers() {
        keptRows.forgetAll()
    }

    /// Removes the guests' accounts made before `cutoff` that never registered, except
    /// those `keeping` holds for (a condition on `users.id`: still online, say). Their
    /// sessions go with them. Returns how many.
    package func removeGuests(madeBefore cutoff: Date, keeping: SQLQueryString) async throws -> Int {
        let removed = try await sql.raw("""
            DELETE FROM users WHERE email LIKE \(PlayerNames.guestEmails) AND created_at < \(bind: cutoff)
            AND NOT (\(keeping)) RETURNING id
            """).all().count
        if removed > 0 { forgetLiveRowsNamingPlayers() }
        return removed
    }

    /// Stores the photo as the user's upload and makes it their avatar, in one transaction;
    /// nil takes the user back to the stock avatar. The photo they had stays stored: a
    /// page or a message may still show it. False when the user is gone.
    func setAvatar(of user: UUID, to image: CheckedImage?) async throws -> Bool {
        var address: String?
        if let image { address = try await change.media.store(image, uploadedBy: user) }
        forgetLiveRowsNamingPlayers()
        return try await !sql.update("users").set("avatar_media", to: address).where("id", .equal, user)
            .returning("id").all().isEmpty
    }

    /// On PostgreSQL, holds these players' rows until the transaction ends, taken in id
    /// order so that two changes about the same players never wait on each other in a
    /// circle; a check made after it (is either blocked?) cannot be overtaken by another
    /// change about the same players. SQLite has one writer at a time already.
    ///
    /// One or two players (a socket's coming and going, a game's start) take the statement
    /// written once, one player bound twice.
    package func lockPlayers(_ users: [UUID]) async throws {
        guard !users.isEmpty else { return }
        if let locked = Self.onePlayerOrTwoLocked.on(sql, oneOrTwo: users) {
            try await change.lockRows(locked)
        } else {
            // More players (rare) one by one, in the same order.
            for user in users.sorted(by: { $0.uuidString < $1.uuidString }) {
                try await change.lockRows(Self.onePlayerOrTwoLocked.on(sql, oneOrTwo: [user]))
            }
        }
    }

    private static let onePlayerOrTwoLocked = FixedStatement("SELECT id FROM users WHERE id IN ($1, $2) ORDER BY id",
                                                             locking: .noKeyUpdate)

    /// Sets the language the user's pushes and mails are written in; false when the user is gone.
    func setLanguage(of user: UUID, to language: Language) async throws -> Bool {
        try await !sql.update("users").set("language", to: UserLanguage.value(of: language)).where("id", .equal, user)
            .returning("id").all().isEmpty
    }

    /// Gives the user a new display name, keeping the one they had and the nine before it;
    /// false when the user is gone.
    func rename(_ user: UUID, to name: String) async throws -> Bool {
        guard let current = try await sql.select().column("display_name").from("users").where("id", .equal, user)
            .first()?.decode(column: "display_name", as: String.self)
        else { return false }
        guard current != name else { return true }
        try await sql.insert(into: "display_name_changes")
            .columns("id", "user_id", "previous_name", "changed_at")
            .values(SQLBind(UUID.random()), SQLBind(user), SQLBind(current), SQLBind(now))
            .run()
        try await sql.update("users").set("display_name", to: name).where("id", .equal, user).run()
        forgetLiveRowsNamingPlayers()
        // The user's other clients learn the new name; other domains react to it (friends are told).
        if let player = try await PlayerNames.summary(of: user, on: sql) {
            log(.playerRenamed(player), to: [.user(UserID(rawValue: user))])
        }
        try await sql.raw("""
            DELETE FROM display_name_changes WHERE user_id = \(bind: user) AND id NOT IN (
                SELECT id FROM display_name_changes WHERE user_id = \(bind: user)
                ORDER BY changed_at DESC LIMIT \(literal: AccountRules.keptPreviousDisplayNames))
            """).run()
        return true
    }
}
