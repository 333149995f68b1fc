import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Secrets stay out of the log")
struct LogSecrecyTests {
    @Test func noPasswordOrTokenIsLoggedEvenAtTraceLevel() async throws {
        let logs = LogCapture()
        try await withServer(logs: logs) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let signIn = try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"password-alice"}"#)
            let extraToken = try signIn.decode(SessionGrant.self).token
            _ = try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"wrong-password-1"}"#)
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            let live = try await alice.connect(following: [.game(game.id)])
            game = try await live.move(4, in: game)
            // A browser's socket carries its token in the address.
            _ = try await http.send(.GET, "/v1/socket?token=\(extraToken)")
            // The scheme's name is not case-sensitive.
            for scheme in ["bearer", "BEARER", "BeArEr"] {
                _ = try await http.send(.GET, "/v1/me", headers: [("Authorization", "\(scheme) \(extraToken)")])
            }
            await live.close()

            let tokens = [try await alice.token, try await bob.token, extraToken].compactMap { $0 }
            let log = logs.text
            #expect(log.contains("POST /v1/sessions"), "the log is captured")
            for secret in tokens + ["password-alice", "password-bob", "wrong-password-1"] {
                #expect(!log.contains(secret), "the log shows a secret: \(log.components(separatedBy: "\n").filter { $0.contains(secret) }.map { String($0.prefix(300)) })")
            }
        }
    }

    @Test func controlCharactersInARequestCannotForgeALogLine() async throws {
        let logs = LogCapture()
        try await withServer(logs: logs) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            _ = try await http.send(.GET, "/nothing%0d%0aerror%20forged%20line%00here")
            let log = logs.text
            #expect(log.contains("forged line"), "the request is logged")
            #expect(!log.contains("\r\nerror forged"))
            #expect(!log.contains("\u{0}"))
            #expect(log.contains(#"\r\nerror forged line\u{0}here"#), "the characters are shown escaped")
        }
    }
}
