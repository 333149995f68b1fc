import Foundation
import NIOHTTP1
import OXOClient
@testable import OXOAccounts
import OXOCore
import OXOProtocol
import Testing

/// Every route of the table that a token may reach, tried with personal access tokens:
/// one outside the route's scope is refused with `insufficient_scope` before anything else
/// is read of the request, and an expired or revoked one with `unauthorized`, whatever the
/// route.
@Suite("Access tokens on every route of the table")
struct AccessTokenRouteTests {
    /// Routes that never take a bearer token: the open ones, and the operator's, behind the
    /// admin token.
    static func takesBearerTokens(_ operation: OperationSpec) -> Bool {
        operation.access == .signedIn && !operation.template.hasPrefix("/v1/admin/")
    }

    @Test func aTokenOutsideItsScopeExpiredOrRevokedIsRefusedOnEveryRoute() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice")
            let http = RawHTTP(baseURL: server.baseURL)
            let reader = try await alice.createAccessToken(named: "reader", scopes: [.read], expiresInDays: 1)
            let player = try await alice.createAccessToken(named: "player", scopes: [.play], expiresInDays: 1)
            let revoked = try await alice.createAccessToken(named: "revoked", scopes: TokenScope.allCases, expiresInDays: 30)
            let expiring = try await alice.createAccessToken(named: "expiring", scopes: TokenScope.allCases, expiresInDays: 1)
            try await alice.revokeAccessToken(revoked.accessToken.id)
            let routes = Operations.all.filter(Self.takesBearerTokens)
            #expect(routes.count > 60)

            for operation in routes {
                let path = "/" + operation.segments(operation.parameters.map { _ in UUID().uuidString }).joined(separator: "/")
                let method = HTTPMethod(rawValue: operation.method.rawValue)
                // Only the tokens the route is not for: one that is would be served (and the
                // account's stream never ends).
                for (token, scope) in [(reader.token, TokenScope.read), (player.token, .play)]
                where TokenScopes.required(for: operation) != scope {
                    let answer = try await http.send(method, path, token: token, body: "{}")
                    if operation == Operations.openSocket.spec {
                        #expect(answer.status == 401, "\(operation): a token does not open the socket")
                    } else {
                        #expect(answer.status == 403 && answer.error?.code == .insufficientScope, "\(operation) with \(scope)")
                    }
                }
                let gone = try await http.send(method, path, token: revoked.token, body: "{}")
                #expect(gone.status == 401 && gone.error?.code == .unauthorized, "\(operation), revoked")
            }
            try await server.advance(clock, by: 86_400 + 1)
            for operation in routes {
                let path = "/" + operation.segments(operation.parameters.map { _ in UUID().uuidString }).joined(separator: "/")
                let answer = try await http.send(HTTPMethod(rawValue: operation.method.rawValue), path, token: expiring.token, body: "{}")
                #expect(answer.status == 401 && answer.error?.code == .unauthorized, "\(operation), expired")
            }
        }
    }
}
