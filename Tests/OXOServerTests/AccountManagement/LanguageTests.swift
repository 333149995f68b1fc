import Foundation
import OXOClient
import OXOProtocol
import Testing

/// A person's language (for what the server writes to them) is chosen at registration or
/// later, and `GET /v1/me` says it: `null` until they choose.
@Suite("A person's language")
struct LanguageTests {
    static let neither = "Send what to change: 'display_name', 'language' or both."
    static let unknown = "Unknown value 'de' for 'language'; expected en, es or fr."

    @Test func theLanguageIsChangedAloneOrWithTheDisplayNameAndWhatIsLeftOutStays() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            #expect(alice.user.language == nil)
            let me = try await api.me(token: alice.token)
            #expect(String(decoding: me.body, as: UTF8.self).contains(#""language":null"#), "null, not left out")

            let patch = { (body: String) in try await api.send(.PATCH, "/v1/me", token: alice.token, body: body) }
            let french = try await patch(#"{"language":"fr"}"#).decode(UserView.self)
            #expect(french.language == .fr && french.displayName == "alice" && french.previousDisplayNames.isEmpty)
            #expect(try await api.me(token: alice.token).decode(UserView.self).language == .fr)
            let both = try await patch(#"{"display_name":"Alice","language":"es"}"#).decode(UserView.self)
            #expect(both.language == .es && both.displayName == "Alice" && both.previousDisplayNames == ["alice"])
            let renamed = try await patch(#"{"display_name":"Alicia","language":null}"#).decode(UserView.self)
            #expect(renamed.language == .es && renamed.displayName == "Alicia", "a language left out or null stays")
            #expect(try await patch(#"{"language":"en"}"#).decode(UserView.self).language == .en, "English, chosen")

            // Neither is refused; so are a language the server does not write and a bad name
            // beside a good language, and nothing changes.
            for body in ["{}", #"{"language":null}"#, #"{"display_name":null,"language":null}"#, #"{"name":"Al"}"#] {
                let refused = try await patch(body)
                expectRefused(refused, 400, .invalidRequest, body)
                #expect(refused.error?.message == Self.neither, "\(body)")
            }
            let german = try await patch(#"{"display_name":"Alice","language":"de"}"#)
            expectRefused(german, 400, .invalidRequest)
            #expect(german.error?.message == Self.unknown)
            for body in [#"{"language":"FR"}"#, #"{"language":"fr-FR"}"#, #"{"language":5}"#, #"{"language":["fr"]}"#] {
                expectRefused(try await patch(body), 400, .invalidRequest, body)
            }
            expectRefused(try await patch(#"{"display_name":"  ","language":"fr"}"#), 400, .invalidDisplayName)
            let after = try await api.me(token: alice.token).decode(UserView.self)
            #expect(after.language == .en && after.displayName == "Alicia")
        }
    }

    @Test func aLanguageIsChosenAtRegistrationAndAnUnknownOneRegistersNobody() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let bea = try await api.register("bea", language: .es)
            #expect(bea.user.language == .es)
            #expect(try await api.me(token: bea.token).decode(UserView.self).language == .es)
            #expect(try await api.signIn("bea").user.language == .es)

            let carl = #"{"username":"carl","email":"carl@example.org","password":"password-carl""#
            let refused = try await api.send(.POST, "/v1/accounts", body: carl + #","language":"de"}"#)
            expectRefused(refused, 400, .invalidRequest)
            #expect(refused.error?.message == Self.unknown)
            let registered = try await api.send(.POST, "/v1/accounts", body: carl + #","language":null}"#)
            #expect(registered.status == 201, "the refused one took no name")
            #expect(try registered.decode(SessionGrant.self).user.language == nil)
        }
    }

    @Test func aGuestChoosesOneAndKeepsItWhenRegisteringUnlessTheyChooseAnother() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let guest = { (body: String) in try await api.send(.POST, "/v1/guests", body: body) }
            let zoe = try await guest(#"{"language":"fr"}"#).decode(SessionGrant.self)
            #expect(zoe.user.language == .fr)
            expectRefused(try await guest(#"{"language":"de"}"#), 400, .invalidRequest)
            let registration = { (token: String, username: String, extra: String) in
                try await api.send(.POST, "/v1/me/registration", token: token, body: """
                    {"username":"\(username)","email":"\(username)@example.org","password":"password-\(username)"\(extra)}
                    """)
            }
            #expect(try await registration(zoe.token, "zoe", "").decode(UserView.self).language == .fr, "kept")

            let yann = try await guest("{}").decode(SessionGrant.self)
            #expect(yann.user.language == nil)
            expectRefused(try await registration(yann.token, "yann", #","language":"xx""#), 400, .invalidRequest)
            #expect(try await registration(yann.token, "yann", #","language":"es""#).decode(UserView.self).language == .es)
        }
    }

    @Test func theSDKReadsAndSetsIt() async throws {
        try await withServer { server in
            let url = URL(string: server.baseURL)!
            let alice = try await OXOClient.register(username: "alice", email: "alice@example.org", password: "password-alice",
                                                     language: .es, at: url)
            #expect(await alice.user?.language == .es)
            #expect(try await alice.me().language == .es)
            #expect(try await alice.updateLanguage(.fr).language == .fr)
            #expect(await alice.user?.language == .fr, "the client remembers it")
            let both = try await alice.updateMe(displayName: "Alice", language: .en)
            #expect(both.language == .en && both.displayName == "Alice")
            #expect(try await alice.updateDisplayName("Alicia").language == .en)
            #expect(await refusal { try await alice.updateMe() } == .invalidRequest)

            let zoe = try await OXOClient.playAsGuest(displayName: "Zoe", language: .fr, at: url)
            #expect(try await zoe.me().language == .fr)
            let registered = try await zoe.registerGuest(username: "zoe", email: "zoe@example.org", password: "password-zoe",
                                                         language: .es)
            #expect(registered.language == .es)
        }
    }
}
