import Foundation
import OXOClient
import OXOProtocol
import Testing

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
            let sameEmail = try await register(http, #"{"username":"alice2","email":"ALICE@example.org","password":"password1"}"#)
            #expect(sameEmail.error?.code == .emailTaken)

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
                (#"{"username":"alice","email":"not-an-address","password":"password1"}"#, .invalidEmail),
                (#"{"username":"alice","email":"a@b","password":"password1"}"#, .invalidEmail),
                (#"{"username":"alice","email":"a@example.org","password":"short"}"#, .weakPassword),
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

    @Test func guessingPasswordsIsSlowedDown() async throws {
        try await withServer(adjust: { $0.signInAttemptLimit = 3 }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            _ = try await http.register("alice")
            var codes: [ErrorCode?] = []
            for _ in 0..<4 {
                codes.append(try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"guess-guess"}"#).error?.code)
            }
            #expect(codes == [.invalidCredentials, .invalidCredentials, .invalidCredentials, .rateLimited])
            let right = try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"password-alice"}"#)
            #expect(right.status == 429, "even the right password waits until the window has passed")
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
}
