import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import Testing

/// Personal access tokens: a program acts for its owner within the token's scopes, the
/// account itself stays with a signed-in session, and a token ends when revoked, expired,
/// or with a password change that asks for it, but not when the sessions are signed out.
@Suite("Personal access tokens")
struct AccessTokenTests {
    @Test func aTokenActsWithinItsScopesAndNeverForTheAccountItself() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let made = try await alice.createAccessToken(named: "my board", scopes: [.read, .play], expiresInDays: 30)
            #expect(made.token.hasPrefix("oxo_pat_") && made.accessToken.scopes == [.read, .play])
            let listed = try await alice.accessTokens().tokens
            #expect(listed.map(\.id) == [made.accessToken.id] && listed[0].lastUsedAt == nil, "listed, without the token")

            let board = OXOClient(baseURL: URL(string: server.baseURL)!, token: made.token)
            #expect(try await board.me().username == "alice", "read: the owner's own view")
            var game = try await board.createGame(side: .x, variant: .fourInARow)
            game = try await bob.join(game.id)
            game = try await board.move(5, in: game)
            #expect(game.moves.count == 1 && game.x?.player?.username == "alice", "play: moves as its owner")
            #expect(await refusal { try await board.challenge(try await bob.id()) } == .insufficientScope, "no challenge scope")
            #expect(await refusal { try await board.accessTokens() } == .insufficientScope, "tokens are a session's")
            #expect(await refusal { try await board.createAccessToken(named: "more", scopes: [.read], expiresInDays: 1) }
                    == .insufficientScope)
            #expect(await refusal { try await board.changePassword(current: "password-alice", new: "password-new1") }
                    == .insufficientScope)
            #expect(await refusal { try await board.sessions() } == .insufficientScope)
            #expect(try await alice.accessTokens().tokens[0].lastUsedAt != nil, "its use is recorded")
        }
    }

    @Test func signingOutLeavesTokensAPasswordChangeEndsThemWhenAskedAndRevokingEndsOne() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            let url = URL(string: server.baseURL)!
            let first = try await alice.createAccessToken(named: "one", scopes: [.read], expiresInDays: 7)
            let second = try await alice.createAccessToken(named: "two", scopes: [.read], expiresInDays: 7)
            let other = try await OXOClient.login("alice", password: "password-alice", at: url)
            _ = try await other.endOtherSessions()
            #expect(try await OXOClient(baseURL: url, token: first.token).me().username == "alice", "still works")

            try await other.revokeAccessToken(first.accessToken.id)
            #expect(await refusal { try await OXOClient(baseURL: url, token: first.token).me() } == .unauthorized)
            #expect(await refusal { try await other.revokeAccessToken(first.accessToken.id) } == .notFound)

            try await other.changePassword(current: "password-alice", new: "password-alice-2")
            #expect(try await OXOClient(baseURL: url, token: second.token).me().username == "alice", "kept unless asked")
            try await other.changePassword(current: "password-alice-2", new: "password-alice-3", endAccessTokens: true)
            #expect(await refusal { try await OXOClient(baseURL: url, token: second.token).me() } == .unauthorized)
            #expect(try await other.accessTokens().tokens.isEmpty)
        }
    }

    @Test func aTokenExpiresAndAMadeUpOneOpensNothing() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice")
            let url = URL(string: server.baseURL)!
            let day = try await alice.createAccessToken(named: "a day", scopes: [.read], expiresInDays: 1)
            #expect(try await OXOClient(baseURL: url, token: day.token).me().username == "alice")
            try await server.advance(clock, by: 86_400 + 1)
            #expect(await refusal { try await OXOClient(baseURL: url, token: day.token).me() } == .unauthorized)
            #expect(await refusal { try await OXOClient(baseURL: url, token: "oxo_pat_made-up").me() } == .unauthorized)
        }
    }

    @Test func aTokenIsRefusedWithoutANameScopesOrASensibleExpiryAndAnAccountHoldsTwenty() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            #expect(await refusal { try await alice.createAccessToken(named: " ", scopes: [.read], expiresInDays: 1) } == .invalidRequest)
            #expect(await refusal { try await alice.createAccessToken(named: "x", scopes: [], expiresInDays: 1) } == .invalidRequest)
            #expect(await refusal { try await alice.createAccessToken(named: "x", scopes: [.read], expiresInDays: 366) } == .invalidRequest)
            for index in 1...20 { _ = try await alice.createAccessToken(named: "t\(index)", scopes: [.read], expiresInDays: 1) }
            #expect(await refusal { try await alice.createAccessToken(named: "t21", scopes: [.read], expiresInDays: 1) } == .rateLimited)
        }
    }
}
