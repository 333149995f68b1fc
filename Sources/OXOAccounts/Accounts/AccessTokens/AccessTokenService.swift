import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// A player's personal access tokens: made with a name, scopes and an expiry, shown once,
/// listed with their last use, revoked one by one. Signing out of every session leaves
/// them; a password change ends them when its owner asks (`ChangePasswordRequest`).
struct AccessTokenService {
    let store: Store

    /// Tokens one account may hold at once.
    static let limit = 20

    func create(_ body: CreateAccessTokenRequest, by user: AuthenticatedUser) async throws -> NewAccessToken {
        try Self.check(body)
        let token = PersonalTokens.make()
        return try await store.change { change in
            let view = try await change.accessTokens.create(named: body.name.trimmingCharacters(in: .whitespaces),
                                                            scopes: TokenScope.allCases.filter(body.scopes.contains),
                                                            days: body.expiresInDays, hash: SessionTokens.hash(token), for: user.id)
            return NewAccessToken(token: token, accessToken: view)
        }
    }

    func list(of user: AuthenticatedUser) async throws -> AccessTokenList {
        let rows = try await store.sql.select().columns("id", "name", "scopes", "created_at", "expires_at", "last_used_at")
            .from("access_tokens").where("user_id", .equal, user.id.rawValue)
            .orderBy("created_at", .descending).all()
        return AccessTokenList(tokens: try rows.map { row in
            AccessTokenView(
                id: AccessTokenID(rawValue: try row.decode(column: "id", as: UUID.self)),
                name: try row.decode(column: "name", as: String.self),
                scopes: TokenScopes.read(try row.decode(column: "scopes", as: String.self)),
                createdAt: try row.decode(column: "created_at", as: Date.self),
                expiresAt: try row.decode(column: "expires_at", as: Date.self),
                lastUsedAt: try row.decode(column: "last_used_at", as: Date?.self))
        })
    }

    func revoke(_ id: AccessTokenID, of user: AuthenticatedUser) async throws {
        let removed = try await store.change { try await $0.accessTokens.revoke(id, of: user.id) }
        guard removed else { throw APIError(.notFound, "You have no access token \(id).") }
    }

    private static func check(_ body: CreateAccessTokenRequest) throws(APIError) {
        let name = body.name.trimmingCharacters(in: .whitespaces)
        guard (1...60).contains(name.count), !name.contains(where: \.isNewline) else {
            throw APIError(.invalidRequest, "'name' must be 1 to 60 characters on one line.")
        }
        guard !body.scopes.isEmpty else { throw APIError(.invalidRequest, "'scopes' must name at least one scope.") }
        guard (1...365).contains(body.expiresInDays) else {
            throw APIError(.invalidRequest, "'expires_in_days' must be from 1 to 365.")
        }
    }
}
