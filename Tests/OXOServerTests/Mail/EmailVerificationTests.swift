import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import Testing

/// An address is verified by the link mailed to it.
@Suite("Verifying an address")
struct EmailVerificationTests {
    @Test func theLinkMailedAtRegistrationVerifiesTheAddressOnce() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            #expect(alice.user.emailVerified == false)
            let token = try #require(try await sink.mail(to: "alice@example.org").token)
            // The link needs no session: it may be opened on another device.
            #expect(try await api.send(.POST, "/v1/email-verifications", body: #"{"token":"\#(token)"}"#).status == 204)
            #expect(try await api.me(token: alice.token).decode(UserView.self).emailVerified)
            expectRefused(try await api.send(.POST, "/v1/email-verifications", body: #"{"token":"\#(token)"}"#), 400, .invalidToken)
            expectRefused(try await api.send(.POST, "/v1/me/email-verification", token: alice.token), 400, .invalidRequest)
        }
    }

    @Test func aGuestHasNoAddressUntilItRegistersAndThenItIsMailed() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            let guest = try await api.send(.POST, "/v1/guests", body: "{}").decode(SessionGrant.self)
            #expect(guest.user.emailVerified == false)
            expectRefused(try await api.send(.POST, "/v1/me/email-verification", token: guest.token), 400, .invalidRequest)
            let registered = try await api.send(.POST, "/v1/me/registration", token: guest.token, body: """
                {"username":"gina","email":"gina@example.org","password":"password-gina"}
                """)
            #expect(registered.status == 200)
            let token = try #require(try await sink.mail(to: "gina@example.org").token)
            #expect(try await api.send(.POST, "/v1/email-verifications", body: #"{"token":"\#(token)"}"#).status == 204)
            #expect(try await api.me(token: guest.token).decode(UserView.self).emailVerified)
        }
    }

    @Test func aNewLinkCanBeAskedForAndReplacesTheOld() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let first = try #require(try await sink.mail(to: "alice@example.org").token)
            #expect(try await api.send(.POST, "/v1/me/email-verification", token: alice.token).status == 202)
            let second = try #require(try await sink.mail(to: "alice@example.org", count: 2).token)
            expectRefused(try await api.send(.POST, "/v1/email-verifications", body: #"{"token":"\#(first)"}"#), 400, .invalidToken)
            #expect(try await api.send(.POST, "/v1/email-verifications", body: #"{"token":"\#(second)"}"#).status == 204)
        }
    }

    @Test func anAddressItsAccountNeverConfirmedLapsesWithItsLinkAndItsOwnerRegisters() async throws {
        let clock = ManualClock()
        try await withMailServer(clock: clock) { server, sink in
            let api = try await DocumentedClient.of(server)
            // Mallory registers with alice's address and never confirms it.
            #expect(try await api.send(.POST, "/v1/accounts", body: """
                {"username":"mallory","email":"alice@example.org","password":"password-mallory"}
                """).status == 201)
            _ = try await sink.mail(to: "alice@example.org")
            clock.advance(by: 48 * 3600 + 1)
            // Three days on (more than the link's 48 hours), alice registers with her own
            // address, confirms it, and a reset reaches her.
            _ = try await api.register("alice")
            let link = try #require(try await sink.mail(to: "alice@example.org", count: 2).token)
            #expect(try await api.send(.POST, "/v1/email-verifications", body: #"{"token":"\#(link)"}"#).status == 204)
            #expect(try await api.send(.POST, "/v1/password-resets", body: #"{"email":"alice@example.org"}"#).status == 202)
            #expect(try await sink.mail(to: "alice@example.org", count: 3).header("Subject") == "Reset your OXO password")
        }
    }
}
