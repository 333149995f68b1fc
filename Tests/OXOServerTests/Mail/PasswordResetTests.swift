import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import Testing

/// A forgotten password is reset through a link mailed to a verified address.
@Suite("Forgotten passwords")
struct PasswordResetTests {
    /// The operations of passwords and mailed links, whose answers the suites of this folder see.
    static func isPasswordOrMail(_ operation: OpenAPISpec.Operation) -> Bool {
        ["/v1/me/password", "/v1/password-resets", "/v1/password-resets/redeem", "/v1/email-verifications",
         "/v1/me/email-verification"].contains(operation.path)
    }

    @Test func aMailedLinkSetsANewPasswordOnceAndEndsEverySession() async throws {
        try await withMailServer(adjust: { $0.socketPingInterval = 60 }) { server, sink in
            let api = try await DocumentedClient.of(server)
            let phone = try await api.registerVerified("alice", sink: sink)
            let tablet = try await api.signIn("alice")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: tablet.token)
            defer { socket.close() }

            #expect(try await api.send(.POST, "/v1/password-resets", body: #"{"email":"Alice@Example.org"}"#).status == 202)
            let mail = try await sink.mail(to: "alice@example.org", count: 2)
            #expect(mail.header("Subject") == "Reset your OXO password")
            #expect(mail.text.contains("within 30 minutes"))
            let link = try #require(mail.link)
            #expect(link.hasPrefix(server.baseURL + "/#/reset/"))
            let token = try #require(mail.token)

            // A weak password is refused and leaves the link working.
            expectRefused(try await api.send(.POST, "/v1/password-resets/redeem", body: #"{"token":"\#(token)","password":"short"}"#),
                          400, .weakPassword)
            #expect(try await api.send(.POST, "/v1/password-resets/redeem",
                                       body: #"{"token":"\#(token)","password":"a-new-password"}"#).status == 204)
            // Spent.
            expectRefused(try await api.send(.POST, "/v1/password-resets/redeem",
                                             body: #"{"token":"\#(token)","password":"another-password"}"#), 400, .invalidToken)
            // Every session ended, and the socket with it.
            expectRefused(try await api.me(token: phone.token), 401, .unauthorized)
            try await api.expectEnded(tablet.token, closing: socket)
            try await api.expectSignsIn("alice", with: "a-new-password", notWith: "password-alice")
        }
    }

    @Test func anUnverifiedOrUnknownAddressGetsTheSameAnswerAndNoMail() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.register("bob")
            _ = try await sink.mail(to: "bob@example.org")
            let bob = try await api.send(.POST, "/v1/password-resets", body: #"{"email":"bob@example.org"}"#)
            let nobody = try await api.send(.POST, "/v1/password-resets", body: #"{"email":"nobody@example.org"}"#)
            #expect(bob.status == 202 && nobody.status == 202)
            #expect(bob.body == nobody.body)
            // A verified account's reset, asked after them, arrives; theirs never do.
            _ = try await api.registerVerified("carol", sink: sink)
            #expect(try await api.send(.POST, "/v1/password-resets", body: #"{"email":"carol@example.org"}"#).status == 202)
            _ = try await sink.mail(to: "carol@example.org", count: 2)
            #expect(sink.received.filter { $0.recipients == ["bob@example.org"] }.count == 1)
            #expect(sink.received.allSatisfy { !$0.recipients.contains("nobody@example.org") })
        }
    }

    @Test func aResetLinkLastsHalfAnHourAndOnlyTheNewestWorks() async throws {
        let clock = ManualClock()
        try await withMailServer(clock: clock) { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.registerVerified("alice", sink: sink)
            _ = try await api.send(.POST, "/v1/password-resets", body: #"{"email":"alice@example.org"}"#)
            let first = try #require(try await sink.mail(to: "alice@example.org", count: 2).token)
            _ = try await api.send(.POST, "/v1/password-resets", body: #"{"email":"alice@example.org"}"#)
            let second = try #require(try await sink.mail(to: "alice@example.org", count: 3).token)
            expectRefused(try await api.send(.POST, "/v1/password-resets/redeem",
                                             body: #"{"token":"\#(first)","password":"a-new-password"}"#), 400, .invalidToken)
            clock.advance(by: 30 * 60 + 1)
            expectRefused(try await api.send(.POST, "/v1/password-resets/redeem",
                                             body: #"{"token":"\#(second)","password":"a-new-password"}"#), 400, .invalidToken)
        }
    }

    @Test func aPasswordChangeSpendsTheResetLinksMailedBeforeIt() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.registerVerified("alice", sink: sink)
            _ = try await api.send(.POST, "/v1/password-resets", body: #"{"email":"alice@example.org"}"#)
            let link = try #require(try await sink.mail(to: "alice@example.org", count: 2).token)
            #expect(try await api.send(.PUT, "/v1/me/password", token: alice.token,
                                       body: #"{"current_password":"password-alice","new_password":"a-new-password"}"#).status == 204)
            // Whoever holds the old link cannot undo the change, nor end her sessions with it.
            expectRefused(try await api.send(.POST, "/v1/password-resets/redeem",
                                             body: #"{"token":"\#(link)","password":"the-thiefs-password"}"#), 400, .invalidToken)
            #expect(try await api.me(token: alice.token).status == 200)
            try await api.expectSignsIn("alice", with: "a-new-password", notWith: "the-thiefs-password")
        }
    }

    @Test func requestsAreLimitedPerAddress() async throws {
        try await withMailServer(adjust: { $0.passwordResetLimit = 2 }) { server, _ in
            let api = try await DocumentedClient.of(server)
            for _ in 0..<2 {
                #expect(try await api.send(.POST, "/v1/password-resets", body: #"{"email":"dave@example.org"}"#).status == 202)
            }
            let refused = try await api.send(.POST, "/v1/password-resets", body: #"{"email":"dave@example.org"}"#)
            expectRefused(refused, 429, .rateLimited)
            expectRefused(try await api.send(.POST, "/v1/password-resets", body: #"{"email":"not an address"}"#), 400, .invalidEmail)
        }
    }

    /// The answer for an address an account has and one none has take the same time: the
    /// server answers before it looks. Interleaved, so that whatever else the machine does
    /// weighs on both alike. A measurement of milliseconds means something only on a machine
    /// that does nothing else: it runs when `OXO_TIMING_TESTS` is set, as CI does in a step of
    /// its own after the whole suite, never among hundreds of tests at once.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["OXO_TIMING_TESTS"] != nil,
                   "times answers: set OXO_TIMING_TESTS=1 and run it alone"))
    func theAnswerTakesAsLongForAKnownAddressAsForAnUnknownOne() async throws {
        try await withMailServer(adjust: { $0.passwordResetLimit = 1000 }) { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.registerVerified("alice", sink: sink)
            let raw = RawHTTP(baseURL: server.baseURL)
            func timed(_ email: String) async throws -> Double {
                let started = ContinuousClock.now
                let answer = try await raw.send(.POST, "/v1/password-resets", body: #"{"email":"\#(email)"}"#)
                let took = ContinuousClock.now - started
                #expect(answer.status == 202)
                return Double(took.components.attoseconds) / 1e15 + Double(took.components.seconds) * 1000
            }
            var known: [Double] = [], unknown: [Double] = []
            for round in 0..<60 {
                if round.isMultiple(of: 2) {
                    known.append(try await timed("alice@example.org"))
                    unknown.append(try await timed("nobody-\(round)@example.org"))
                } else {
                    unknown.append(try await timed("nobody-\(round)@example.org"))
                    known.append(try await timed("alice@example.org"))
                }
            }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            let difference = abs(median(known) - median(unknown))
            print("password reset answer, median of 60: known \(median(known)) ms, unknown \(median(unknown)) ms")
            #expect(difference < 5, "known \(median(known)) ms, unknown \(median(unknown)) ms")
        }
    }
}
