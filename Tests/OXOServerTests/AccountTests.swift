import Foundation
import OXOClient
import OXOProtocol
import OXOServer
import Testing
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer

@Suite("Accounts")
struct AccountTests {
    func register(_ http: RawHTTP, _ body: String) async throws -> RawHTTP.Answer {
        try await http.send(.POST, "/v1/accounts", body: body)
    }

    @Test func aGuestPlaysAtOnceUnderANameTheServerMadeUpWithOnlyTheirToken() async throws {
        try await withServer { server in
            let url = URL(string: server.baseURL)!
            let guest = try await OXOClient.playAsGuest(at: url)
            let me = try await guest.me()
            #expect(me.username.hasPrefix("guest-") && me.username.count == 12)
            #expect(me.displayName == "Guest " + me.username.dropFirst(6).uppercased())
            #expect(me.email == "\(me.username)@guest.invalid", "an address no mail reaches")
            let game = try await guest.createGame(side: .x, mode: .computer, level: .easy)
            #expect(try await guest.move(4, in: game).moves.count == 2)

            let zoe = try await OXOClient.playAsGuest(displayName: "Zoe", at: url)
            let zoeAccount = try await zoe.me()
            #expect(zoeAccount.displayName == "Zoe" && zoeAccount.username != me.username)
            let http = RawHTTP(baseURL: server.baseURL)
            let guess = try await http.send(.POST, "/v1/sessions", body: #"{"login":"\#(me.username)","password":"password1"}"#)
            #expect(guess.error?.code == .invalidCredentials, "no password opens a guest's account")
        }
    }

    @Test func aGuestRegistersAndKeepsTheirGames() async throws {
        try await withServer { server in
            let url = URL(string: server.baseURL)!
            let guest = try await OXOClient.playAsGuest(displayName: "Zoe", at: url)
            #expect(try await guest.me().guest)
            let game = try await guest.createGame(side: .x, mode: .computer, level: .easy)
            let taken = try await server.player("zed")
            #expect(await refusal { try await guest.registerGuest(username: "ZED", email: "zoe@example.org", password: "password-zoe") }
                == .usernameTaken)
            #expect(await refusal { try await guest.registerGuest(username: "zoe", email: "zoe@guest.invalid", password: "password-zoe") }
                == .invalidEmail, "the guests' domain is no one's address")

            let registered = try await guest.registerGuest(username: "zoe", email: "Zoe@Example.org", password: "password-zoe")
            #expect(!registered.guest && registered.username == "zoe" && registered.email == "zoe@example.org")
            let guestID = try await guest.id()
            #expect(registered.displayName == "Zoe" && registered.id == guestID, "the same account")
            #expect(try await guest.myGames().games.map(\.id) == [game.id], "with its games")
            let again = try await OXOClient.login("zoe", password: "password-zoe", at: url)
            #expect(try await again.game(game.id).x?.player?.username == "zoe")
            #expect(await refusal { try await again.registerGuest(username: "zoe2", email: "z2@example.org", password: "password-zoe") }
                == .invalidRequest, "a registered account registers once")
            #expect(await refusal { try await taken.registerGuest(username: "zed2", email: "z3@example.org", password: "password-zed") }
                == .invalidRequest, "and a player's never was a guest's")
        }
    }

    @Test func aGuestWhoNeverRegisteredIsRemovedADayLaterUnlessOnline() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let url = URL(string: server.baseURL)!
            let gone = try await OXOClient.playAsGuest(at: url)
            let staying = try await OXOClient.playAsGuest(at: url)
            let live = try await staying.goOnline()
            let kept = try await OXOClient.playAsGuest(at: url)
            _ = try await kept.registerGuest(username: "kept", email: "kept@example.org", password: "password-kept")
            let alice = try await server.player("alice")
            try await server.advance(clock, by: 23 * 3600)
            #expect(try await server.count("users") == 4)

            try await server.advance(clock, by: 3600 + 60)
            #expect(try await server.count("users") == 3, "the guest who left is gone, with their sessions")
            #expect(await refusal { try await gone.me() } == .unauthorized)
            #expect(try await staying.me().guest, "an online guest stays")
            #expect(try await kept.me().username == "kept")
            #expect(try await alice.me().username == "alice")
            await live.close()
        }
    }

    @Test func namesAreUniqueIgnoringCaseAndSignInWorksWithNameOrEmail() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let created = try await register(http, #"{"username":"Alice","email":"Alice@Example.org","password":"password1"}"#)
            #expect(created.status == 201)
            let grant = try created.decode(SessionGrant.self)
            #expect(grant.user.displayName == "Alice")
            #expect(grant.user.email == "alice@example.org")
            #expect(grant.token.count >= 43, "at least 256 bits, base64")

            let again = try await register(http, #"{"username":"aLICE","email":"other@example.org","password":"password1"}"#)
            #expect(again.error?.code == .usernameTaken)
            // An address another account has is no answer of its own: see RegistrationPrivacyTests.
            let sameEmail = try await register(http, #"{"username":"alice2","email":"ALICE@example.org","password":"password1"}"#)
            #expect(sameEmail.status == 201)

            for login in ["alice", "ALICE", "alice@example.org"] {
                let answer = try await http.send(.POST, "/v1/sessions", body: #"{"login":"\#(login)","password":"password1"}"#)
                #expect(answer.status == 201, "login as \(login)")
                #expect(try answer.decode(SessionGrant.self).user.id == grant.user.id)
            }
        }
    }

    @Test func aWrongPasswordAndAnUnknownUserGetTheSameAnswer() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            _ = try await http.register("alice")
            let wrong = try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"nope-nope"}"#)
            let unknown = try await http.send(.POST, "/v1/sessions", body: #"{"login":"nobody","password":"nope-nope"}"#)
            #expect(wrong.status == 401)
            #expect(wrong.body == unknown.body)
            #expect(wrong.error?.code == .invalidCredentials)
        }
    }

    @Test func badNamesAddressesAndPasswordsAreRefused() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let cases: [(String, ErrorCode)] = [
                (#"{"username":"al","email":"a@example.org","password":"password1"}"#, .invalidUsername),
                (#"{"username":"al ice","email":"a@example.org","password":"password1"}"#, .invalidUsername),
                (#"{"username":"abcdefghijklmnopqrstu","email":"a@example.org","password":"password1"}"#, .invalidUsername),
                (#"{"username":"<script>","email":"a@example.org","password":"password1"}"#, .invalidUsername),
                // The Kelvin sign lowercases to an ASCII k, but is not one.
                (#"{"username":"\u212Aelvin","email":"a@example.org","password":"password1"}"#, .invalidUsername),
                (#"{"username":"alice","email":"a\u0000@example.org","password":"password1"}"#, .invalidEmail),
                (#"{"username":"alice","email":"not-an-address","password":"password1"}"#, .invalidEmail),
                (#"{"username":"alice","email":"a@b","password":"password1"}"#, .invalidEmail),
                (#"{"username":"alice","email":"a@example.org","password":"short"}"#, .weakPassword),
                // bcrypt would stop at the NUL and take "" for the password.
                (#"{"username":"alice","email":"a@example.org","password":"\u0000aaaaaaaa"}"#, .weakPassword),
                (#"{"username":"alice","email":"a@example.org","password":"\#(String(repeating: "€", count: 129))"}"#, .weakPassword),
                (#"{"username":"alice","email":"a@example.org","password":"password1","display_name":""}"#, .invalidDisplayName),
            ]
            for (body, code) in cases {
                let answer = try await register(http, body)
                #expect(answer.status == 400, "\(body)")
                #expect(answer.error?.code == code, "\(body)")
            }
            let fine = try await register(http, #"{"username":"Al_ice-9","email":"a@example.org","password":"password1"}"#)
            #expect(fine.status == 201)
        }
    }

    @Test func aLongPassphraseIsTakenWholeEveryCharacterCounting() async throws {
        try await withServer { server in
            let url = URL(string: server.baseURL)!
            // 64 characters of three bytes each: past bcrypt's 72 bytes from the 25th.
            let passphrase = String(repeating: "€", count: 63) + "a"
            _ = try await OXOClient.register(username: "alice", email: "alice@example.org", password: passphrase, at: url)
            _ = try await OXOClient.login("alice", password: passphrase, at: url)
            // Differing only after the 72nd byte is a wrong password, not the same one cut short.
            let almost = String(repeating: "€", count: 63) + "b"
            let answer = try await RawHTTP(baseURL: server.baseURL)
                .send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"\#(almost)"}"#)
            #expect(answer.error?.code == .invalidCredentials)
        }
    }

    @Test func displayNamesCannotReorderOrHideText() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            // Bidirectional overrides and marks, blank-looking fillers, zero-width and
            // control characters.
            let refused = ["202A", "202E", "2066", "2069", "200E", "200F", "061C",
                           "3164", "115F", "1160", "FFA0", "2800", "200B", "200C", "200D", "2060", "FEFF", "0007"]
            for scalar in refused {
                let answer = try await http.send(.PATCH, "/v1/me", token: token, body: #"{"display_name":"Ali\u\#(scalar)ce"}"#)
                #expect(answer.error?.code == .invalidDisplayName, "U+\(scalar)")
            }
            let fine = try await http.send(.PATCH, "/v1/me", token: token, body: #"{"display_name":"Zoë 🎲 Ω"}"#)
            #expect(try fine.decode(UserView.self).displayName == "Zoë 🎲 Ω")
        }
    }

    @Test func onlyTheLastTenEarlierNamesAreKept() async throws {
        // The clock moves between renames, so each name has its own time.
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            for n in 1...12 {
                clock.advance(by: 1)
                _ = try await http.send(.PATCH, "/v1/me", token: token, body: #"{"display_name":"Name \#(n)"}"#)
            }
            let me = try await http.send(.GET, "/v1/me", token: token).decode(UserView.self)
            #expect(me.previousDisplayNames == (2...11).map { "Name \($0)" })
            #expect(try await server.count("display_name_changes") == 10)
        }
    }

    @Test func renamingKeepsTheIdAndRemembersEarlierNames() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            let before = try await http.send(.GET, "/v1/me", token: token).decode(UserView.self)
            _ = try await http.send(.PATCH, "/v1/me", token: token, body: #"{"display_name":"Queen of Corners"}"#)
            let after = try await http.send(.PATCH, "/v1/me", token: token, body: #"{"display_name":"  Ali  "}"#).decode(UserView.self)
            #expect(after.id == before.id)
            #expect(after.username == "alice")
            #expect(after.displayName == "Ali")
            #expect(after.previousDisplayNames == ["alice", "Queen of Corners"])
            let seenByOthers = try await http.send(.GET, "/v1/users/\(after.id)", token: try await http.register("bob"))
            #expect(try seenByOthers.decode(PlayerSummary.self).displayName == "Ali")
        }
    }

    @Test func aUserSeesAndRevokesTheirOwnSessions() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let first = try await http.register("alice")
            let second = try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"password-alice"}"#)
                .decode(SessionGrant.self)
            let sessions = try await http.send(.GET, "/v1/sessions", token: first).decode([SessionView].self)
            #expect(sessions.count == 2)
            #expect(sessions.filter(\.current).count == 1)
            #expect(try await http.send(.DELETE, "/v1/sessions/\(second.session.id)", token: first).status == 204)
            #expect(try await http.send(.GET, "/v1/me", token: second.token).error?.code == .unauthorized)
            #expect(try await http.send(.GET, "/v1/me", token: first).status == 200)
        }
    }

    @Test func guessingPasswordsIsSlowedDownForTheGuesserOnly() async throws {
        try await withServer(adjust: { $0.signInAttemptLimit = 3; $0.trustedProxies = ["127.0.0.1"] }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            _ = try await http.register("alice")
            let signIn = { (password: String, address: String) in
                try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"\#(password)"}"#,
                                    headers: [("X-Forwarded-For", "\(address), 127.0.0.1")])
            }
            var answers: [RawHTTP.Answer] = []
            for _ in 0..<4 { answers.append(try await signIn("guess-guess", "203.0.113.9")) }
            #expect(answers.map(\.error?.code) == [.invalidCredentials, .invalidCredentials, .invalidCredentials, .rateLimited])
            let retryAfter = try #require(answers.last?.headers.first(name: "Retry-After").flatMap(Int.init))
            #expect((14 * 60...15 * 60).contains(retryAfter))
            #expect(try await signIn("password-alice", "203.0.113.9").status == 429,
                    "even the right password waits until the window has passed")
            #expect(try await signIn("password-alice", "198.51.100.7").status == 201, "the player elsewhere signs in")
        }
    }

    @Test func theForwardedAddressIsBelievedOnlyFromATrustedProxy() async throws {
        try await withServer(adjust: { $0.signInAttemptLimit = 2 }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            _ = try await http.register("alice")
            var codes: [ErrorCode?] = []
            for hop in 1...3 {
                codes.append(try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"guess-guess"}"#,
                                                 headers: [("X-Forwarded-For", "203.0.113.\(hop)")]).error?.code)
            }
            #expect(codes == [.invalidCredentials, .invalidCredentials, .rateLimited])
        }
    }

    @Test func signInsPerAddressAreLimitedWhateverTheLogin() async throws {
        try await withServer(adjust: { $0.signInAddressLimit = 3 }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            var codes: [ErrorCode?] = []
            for login in ["ann", "ben", "cat", "dan"] {
                codes.append(try await http.send(.POST, "/v1/sessions", body: #"{"login":"\#(login)","password":"guess-guess"}"#).error?.code)
            }
            #expect(codes == [.invalidCredentials, .invalidCredentials, .invalidCredentials, .rateLimited])
        }
    }

    @Test func aBurstOfSignInsIsQueuedOrRefusedWhileTheRestGoesOn() async throws {
        try await withServer(adjust: {
            $0.bcryptCost = 10
            $0.passwordHashingThreads = 1
            $0.passwordHashingQueue = 1
            $0.signInAttemptLimit = 100
        }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            let answers = try await concurrently(1...12) { _ in
                try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"password-alice"}"#)
            }.map { try $0.get() }
            let refused = answers.filter { $0.status == 429 }
            #expect(!refused.isEmpty)
            #expect(answers.contains { $0.status == 201 })
            #expect(refused.allSatisfy { $0.error?.code == .rateLimited && $0.headers.first(name: "Retry-After") == "1" })
            #expect(try await http.send(.GET, "/v1/me", token: token).status == 200)
        }
    }

    @Test func registrationsPerAddressAreLimited() async throws {
        try await withServer(adjust: { $0.registrationLimit = 2 }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            _ = try await http.register("alice")
            _ = try await http.register("bob")
            let third = try await register(http, #"{"username":"carol","email":"c@example.org","password":"password1"}"#)
            #expect(third.status == 429)
            #expect(third.error?.code == .rateLimited)
        }
    }

    @Test func aGuestKeepingItsAccountCountsAgainstTheRegistrationLimit() async throws {
        try await withServer(adjust: { $0.registrationLimit = 3 }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            var answers: [Int] = []
            for number in 1...2 {
                let guest = try await http.send(.POST, "/v1/guests", body: "{}").decode(SessionGrant.self)
                answers.append(try await http.send(.POST, "/v1/me/registration", token: guest.token, body: """
                    {"username":"keeper\(number)","email":"keeper\(number)@example.org","password":"password1"}
                    """).status)
            }
            // Two guests and the first one's registration are the three; the second keeping is refused.
            #expect(answers == [200, 429])
        }
    }
}
