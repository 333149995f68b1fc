import OXOProtocol

extension OXOClient {
    /// Makes a personal access token for a program that acts for this account within
    /// `scopes` (a session's token is needed to make one). The answer's `token` is shown
    /// this once: give it to the program, which sends it as its bearer token.
    public func createAccessToken(named name: String, scopes: [TokenScope], expiresInDays: Int) async throws -> NewAccessToken {
        try await perform(Endpoints.createAccessToken(CreateAccessTokenRequest(name: name, scopes: scopes, expiresInDays: expiresInDays)))
    }

    /// This account's tokens, newest first, with their last use; never the tokens themselves.
    public func accessTokens() async throws -> AccessTokenList {
        try await perform(Endpoints.accessTokens())
    }

    public func revokeAccessToken(_ id: AccessTokenID) async throws {
        try await perform(Endpoints.revokeAccessToken(id))
    }
}

extension Endpoints {
    static func createAccessToken(_ request: CreateAccessTokenRequest) -> Endpoint<NewAccessToken> {
        Endpoint(Operations.createAccessToken, body: request)
    }

    static func accessTokens() -> Endpoint<AccessTokenList> {
        Endpoint(Operations.listAccessTokens)
    }

    static func revokeAccessToken(_ id: AccessTokenID) -> Endpoint<Void> {
        Endpoint(Operations.revokeAccessToken, id)
    }
}
