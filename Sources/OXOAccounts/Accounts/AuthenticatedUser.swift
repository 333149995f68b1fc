import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import Vapor

/// The user a request was made by, as proven by its bearer token.
package struct AuthenticatedUser: Sendable {
    package let id: UserID
    let sessionID: OXOProtocol.SessionID
    let username: String
    let displayName: String
    let avatar: String
    let bot: Bool
    /// What a personal access token may do; nil for a signed-in session, which may do all.
    var scopes: Set<TokenScope>? = nil

    package var summary: PlayerSummary { PlayerSummary(id: id, username: username, displayName: displayName, avatar: avatar, bot: bot) }

    /// The user whose live session `token` is (`unauthorized` for any other token), as
    /// every signed-in request and every socket's upgrade asks it first. It needs only the
    /// store: the loop's own (`Application.store(on:)`), not a request's database handle,
    /// which Fluent makes anew, with a copy of the request's logger, each time it is asked.
    package static func signedIn(with token: String, store: Store) async throws -> AuthenticatedUser {
        let context = store.context
        let now = context.clock.now
        guard let found = try await SignedInSession.query.on(store.sql, SessionTokens.hash(token))
            .first(decoding: SignedInSession.self),
            found.lastUsedAt.addingTimeInterval(context.configuration.sessionIdleLifetime) > now, found.user.suspendedAt == nil
        else {
            throw APIError(.unauthorized, "This session has expired or was signed out; sign in again.")
        }
        // Recording every use would make each request a write; a minute's precision is
        // plenty for a 30-day expiry.
        if now.timeIntervalSince(found.lastUsedAt) > 60 {
            try await store.change { try await $0.sessions.recordUse(of: found.sessionId) }
        }
        return found.user.authenticated(by: found.sessionId)
    }

    /// Whether the session the user signed in with is still open: it ends, with a
    /// `session_ended` on the user's inbox, when it is signed out, revoked or expired. For a
    /// personal access token, whether the token is still there (not revoked).
    package func sessionIsOpen(on database: any SQLDatabase) async throws -> Bool {
        let found = scopes == nil ? Self.sessionFound : Self.tokenFound
        return try await found.on(database, sessionID.rawValue).first() != nil
    }

    /// Written once: every socket that opens asks it, thousands at once after a restart.
    private static let sessionFound = FixedStatement("SELECT id FROM sessions WHERE id = $1")
    private static let tokenFound = FixedStatement("SELECT id FROM access_tokens WHERE id = $1")

    /// Whether `event` on the user's inbox ends the session the user signed in with.
    package func isEnded(by event: StoredEvent) -> Bool {
        // Most of an inbox's events are games: look for the session's id before decoding.
        // This runs for every event of every inbox with a socket open, so it is a plain
        // byte search (`String.contains` goes through Foundation's locale-aware search).
        guard event.payload.containsBytes(of: sessionID.description),
              let decoded = try? Wire.decoder.decode(TopicEvent.self, from: Data(event.payload.utf8))
        else { return false }
        return decoded.endedSession == sessionID
    }
}

extension Request {
    private struct AuthenticatedUserKey: StorageKey {
        typealias Value = AuthenticatedUser
    }

    /// The signed-in user; routes behind `BearerAuthentication` always have one.
    package var user: AuthenticatedUser {
        get throws(APIError) {
            guard let user = storage[AuthenticatedUserKey.self] else {
                throw APIError(.unauthorized, "Sign in first: send 'Authorization: Bearer <token>'.")
            }
            return user
        }
    }

    func setUser(_ user: AuthenticatedUser) { storage[AuthenticatedUserKey.self] = user }

    /// The token from `Authorization: Bearer`.
    package var bearerToken: String? { headers.bearerAuthorization?.token }

    /// The token from the header, or from `?token=` for browsers, which cannot set headers
    /// on a WebSocket. Only the socket takes it from the address, since addresses end up
    /// in logs.
    package var socketToken: String? { bearerToken ?? (try? query.get(String.self, at: "token")) }
}

/// Lets a request through only with a live session's token.
package struct BearerAuthentication: AsyncMiddleware {
    package init() {}

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let token = request.bearerToken else {
            throw APIError(.unauthorized, "Sign in first: send 'Authorization: Bearer <token>'.")
        }
        let store = request.application.store(on: request.eventLoop)
        let user = token.hasPrefix(PersonalTokens.prefix)
            ? try await PersonalTokens.user(with: token, store: store)
            : try await AuthenticatedUser.signedIn(with: token, store: store)
        if let scopes = user.scopes {
            let needed = request.route?.operation.flatMap(TokenScopes.required(for:))
            // A bot's token with the `bot` scope plays, challenges and reads as the bot.
            guard let needed, scopes.contains(needed) || (user.bot && scopes.contains(.bot)) else {
                throw APIError(.insufficientScope, needed.map { "This access token may not do this: it needs the '\($0.rawValue)' scope." }
                    ?? "This needs a signed-in session, not an access token.")
            }
        }
        request.setUser(user)
        // Every later line of this request's log says whose it is.
        request.logger[metadataKey: "user-id"] = "\(user.id)"
        return try await next.respond(to: request)
    }
}

private extension String {
    /// Whether `other`'s UTF-8 bytes occur in this string's.
    func containsBytes(of other: String) -> Bool {
        var haystack = self
        return haystack.withUTF8 { UnsafeRawBufferPointer($0).firstIndex(of: Array(other.utf8)) != nil }
    }
}
