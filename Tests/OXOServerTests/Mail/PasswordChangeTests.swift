import Foundation
import OXOClient
import OXOProtocol
import Testing

/// A signed-in player changes their password with the current one.
@Suite("Changing a password")
struct PasswordChangeTests {
    @Test func theCurrentPasswordIsNeededAndEveryOtherSessionEnds() async throws {
        try await withServer(adjust: { $0.socketPingInterval = 60 }) { server in
            let api = try await DocumentedClient.of(server)
            let phone = try await api.register("alice")
            let tablet = try await api.signIn("alice")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: tablet.token)
            defer { socket.close() }
            func change(_ current: String, _ new: String) async throws -> RawHTTP.Answer {
                try await api.send(.PUT, "/v1/me/password", token: phone.token,
                                   body: #"{"current_password":"\#(current)","new_password":"\#(new)"}"#)
            }
            expectRefused(try await change("not-my-password", "a-new-password"), 403, .wrongPassword)
            expectRefused(try await change("password-alice", "short"), 400, .weakPassword)
            #expect(try await change("password-alice", "a-new-password").status == 204)
            // This session stays; the tablet's ends, its socket closed.
            #expect(try await api.me(token: phone.token).status == 200)
            try await api.expectEnded(tablet.token, closing: socket)
            try await api.expectSignsIn("alice", with: "a-new-password", notWith: "password-alice")
        }
    }

    @Test func wrongCurrentPasswordsAreLimited() async throws {
        try await withServer(adjust: { $0.signInAttemptLimit = 3 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            for _ in 0..<3 {
                expectRefused(try await api.send(.PUT, "/v1/me/password", token: alice.token,
                                                 body: #"{"current_password":"guess-guess","new_password":"a-new-password"}"#),
                              403, .wrongPassword)
            }
            expectRefused(try await api.send(.PUT, "/v1/me/password", token: alice.token,
                                             body: #"{"current_password":"password-alice","new_password":"a-new-password"}"#),
                          429, .rateLimited)
        }
    }

    @Test func theSDKChangesAndResetsPasswords() async throws {
        try await withMailServer { server, sink in
            let alice = try await server.player("alice")
            let token = try #require(try await sink.mail(to: "alice@example.org").token)
            try await alice.verifyEmail(token: token)
            #expect(try await alice.me().emailVerified)
            try await alice.changePassword(current: "password-alice", new: "second-password")
            try await alice.requestPasswordReset(email: "alice@example.org")
            let reset = try #require(try await sink.mail(to: "alice@example.org", count: 2).token)
            try await alice.resetPassword(token: reset, newPassword: "third-password")
            let again = try await OXOClient.login("alice", password: "third-password", at: URL(string: server.baseURL)!)
            #expect(try await again.me().username == "alice")
        }
    }
}
