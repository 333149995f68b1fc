import OXOCore
import OXOProtocol
import Vapor

/// `/v1/me/tokens`: a signed-in session makes, lists and revokes its account's personal
/// access tokens (a token cannot: `TokenScopes` keeps these to sessions).
package struct AccessTokenRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.createAccessToken) { request in
            try await Reply(AccessTokenService(store: request.store).create(request.decode(CreateAccessTokenRequest.self), by: request.user),
                            status: .created)
        }
        routes.on(Operations.listAccessTokens) { request in
            try await Reply(AccessTokenService(store: request.store).list(of: request.user))
        }
        routes.on(Operations.revokeAccessToken) { request in
            try await AccessTokenService(store: request.store).revoke(request.parameter("tokenID", as: AccessTokenID.self), of: request.user)
            return Response(status: .noContent)
        }
    }
}
