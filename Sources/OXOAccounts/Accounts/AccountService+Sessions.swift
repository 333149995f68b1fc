import OXOCore
import OXOProtocol
import Vapor

/// A signed-in user's sessions, and the account as its owner sees and changes it.
extension AccountService {
    package func sessions(of user: AuthenticatedUser) async throws -> [SessionView] {
        let oldestAlive = context.clock.now.addingTimeInterval(-context.configuration.sessionIdleLifetime)
        return try await store.database.sql.reads.accounts.sessions(of: user.id.rawValue, usedAfter: oldestAlive)
            .map { view(of: $0, current: user.sessionID) }
    }

    func revoke(_ sessionID: OXOProtocol.SessionID, of user: AuthenticatedUser) async throws {
        guard let session = try await store.database.sql.reads.accounts.session(sessionID.rawValue, of: user.id.rawValue)
        else { throw APIError(.notFound, "You have no session with that id.") }
        try await store.change { try await $0.sessions.delete(session.id) }
    }

    /// "Sign out everywhere else": every session of the user but the one asking ends, and
    /// its sockets close.
    func endOtherSessions(of user: AuthenticatedUser) async throws -> SessionsEnded {
        SessionsEnded(ended: try await store.change {
            try await $0.sessions.delete(of: user.id.rawValue, except: user.sessionID.rawValue)
        })
    }

    package func me(_ user: AuthenticatedUser) async throws -> UserView {
        guard let record = try await store.database.sql.reads.accounts.user(user.id.rawValue) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        return try await view(of: record)
    }

    /// Changes the display name, the language, or both, in one change: what is left out
    /// stays, and a request that sends neither is refused before anything is written.
    func update(_ user: AuthenticatedUser, _ body: UpdateMeRequest) async throws -> UserView {
        let name = try body.displayName.map(AccountRules.displayName)
        let language = body.language
        guard name != nil || language != nil else {
            throw APIError(.invalidRequest, "Send what to change: 'display_name', 'language' or both.")
        }
        guard try await store.change({ change in
            if let language, try await !change.accounts.setLanguage(of: user.id.rawValue, to: language) { return false }
            if let name { return try await change.accounts.rename(user.id.rawValue, to: name) }
            return true
        }) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        return try await me(user)
    }

    /// Makes the uploaded photo the user's avatar, once it passed every check; a refused
    /// upload stores nothing.
    func setAvatar(of user: AuthenticatedUser, to bytes: [UInt8]) async throws -> UserView {
        try context[PhotoUploads.self].record(user.id.description)
        let image = try MediaRules.check(bytes)
        guard try await store.change({ try await $0.accounts.setAvatar(of: user.id.rawValue, to: image) }) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        return try await me(user)
    }

    /// Back to the stock avatar drawn from the name.
    func removeAvatar(of user: AuthenticatedUser) async throws -> UserView {
        guard try await store.change({ try await $0.accounts.setAvatar(of: user.id.rawValue, to: nil) }) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        return try await me(user)
    }

    func player(_ id: UserID) async throws -> PlayerSummary {
        guard let player = try await PlayerNames.summary(of: id.rawValue, on: store.sql) else {
            throw APIError(.notFound, "There is no user with that id.")
        }
        return player
    }
}
