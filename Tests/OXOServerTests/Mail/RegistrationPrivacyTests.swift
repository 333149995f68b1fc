import Foundation
import OXOClient
import OXOProtocol
import Testing

/// No route tells whether an address has an account: registering with one that another
/// account holds answers as any registration does, and the address's owner is mailed.
@Suite("Registration keeps addresses private")
struct RegistrationPrivacyTests {
    @Test func anAddressWithAnAccountAndOneWithoutAreAnsweredAlikeAndTheOwnerIsTold() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.registerVerified("alice", sink: sink)
            // Mallory probes alice's address and a free one.
            let taken = try await api.send(.POST, "/v1/accounts", body: #"{"username":"probe1","email":"alice@example.org","password":"password-1"}"#)
            let free = try await api.send(.POST, "/v1/accounts", body: #"{"username":"probe2","email":"nobody@example.org","password":"password-2"}"#)
            #expect(taken.status == 201 && free.status == 201)
            let (takenGrant, freeGrant) = (try taken.decode(SessionGrant.self), try free.decode(SessionGrant.self))
            #expect(takenGrant.user.email == "alice@example.org" && !takenGrant.user.emailVerified)
            #expect(freeGrant.user.email == "nobody@example.org" && !freeGrant.user.emailVerified)
            // Asked again later, the account still shows what it asked for.
            #expect(try await api.me(token: takenGrant.token).decode(UserView.self).email == "alice@example.org")
            // Alice is told, and nothing confirms her address to anyone else.
            let notice = try await sink.mail(to: "alice@example.org", count: 2)
            #expect(notice.header("Subject") == "Someone registered with your address on OXO")
            #expect(try await api.send(.POST, "/v1/me/email-verification", token: takenGrant.token).status
                    == (try await api.send(.POST, "/v1/me/email-verification", token: freeGrant.token).status))
            // Her address still signs her in, and her reset still reaches her alone.
            try await api.expectSignsIn("alice", with: "password-alice", notWith: "password-1")
            let signedIn = try await api.send(.POST, "/v1/sessions", body: #"{"login":"alice@example.org","password":"password-alice"}"#)
            #expect(try signedIn.decode(SessionGrant.self).user.username == "alice")
        }
    }
}
