import Foundation
@testable import OXOAccounts
import OXOClient
import OXOCore
import OXOProtocol
import Testing

/// Two-step sign-in: a code from an authenticator app, or a recovery code, besides the password.
@Suite("Two-step sign-in")
struct TwoStepSignInTests {
    @Test func anEnrolmentIsOnOnlyOnceItsFirstCodeIsConfirmed() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let started = try await api.send(.POST, "/v1/me/totp", token: alice.token, body: #"{"password":"password-alice"}"#)
            let enrolment = try started.decode(TOTPEnrolment.self)
            #expect(enrolment.secret.count == 32)
            #expect(enrolment.uri == "otpauth://totp/OXO:alice?secret=\(enrolment.secret)&issuer=OXO")
            // Not on yet: the password alone still signs in.
            #expect(try await api.send(.GET, "/v1/me/totp", token: alice.token).decode(TOTPStatus.self).enabled == false)
            #expect(try await api.signIn("alice", adding: "").status == 201)
            let app = Authenticator(secret: try #require(Base32.decode(enrolment.secret)), clock: clock)
            expectRefused(try await api.send(.POST, "/v1/me/totp/confirm", token: alice.token, body: #"{"totp":"\#(app.code(steps: 3))"}"#),
                          403, .invalidSecondFactor)
            let codes = try await api.send(.POST, "/v1/me/totp/confirm", token: alice.token, body: #"{"totp":"\#(app.code())"}"#)
                .decode(RecoveryCodes.self).codes
            #expect(codes.count == 10 && Set(codes).count == 10)
            #expect(try await api.send(.GET, "/v1/me/totp", token: alice.token).decode(TOTPStatus.self)
                == TOTPStatus(enabled: true, recoveryCodesLeft: 10))
            // On now: enrolling again, or confirming again, is refused.
            expectRefused(try await api.send(.POST, "/v1/me/totp", token: alice.token, body: #"{"password":"password-alice"}"#),
                          409, .secondFactorEnabled)
            expectRefused(try await api.send(.POST, "/v1/me/totp/confirm", token: alice.token, body: #"{"totp":"\#(app.code())"}"#),
                          409, .secondFactorEnabled)
            // The code that confirmed it does not sign in: it is spent.
            expectRefused(try await api.signIn("alice", adding: #","totp":"\#(app.code())""#), 401, .invalidCredentials)
        }
    }

    @Test func thePasswordAloneOpensNoSessionAndEachCodeWorksOnce() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let (app, _) = try await api.enrolTwoStep("alice", token: alice.token, clock: clock)

            expectRefused(try await api.signIn("alice", adding: ""), 401, .secondFactorRequired)
            // A wrong code gets the wrong password's answer, word for word: it does not say the password was right.
            let wrongPassword = try await api.signIn("alice", password: "guess-guess", adding: #","totp":"\#(app.code())""#)
            let wrongCode = try await api.signIn("alice", adding: #","totp":"000000""#)
            expectRefused(wrongPassword, 401, .invalidCredentials)
            expectRefused(wrongCode, 401, .invalidCredentials)
            #expect(wrongPassword.body == wrongCode.body)
            // A code of the wrong shape is only wrong.
            for typed in ["12345", "abcdef", String(repeating: "1", count: 5_000)] {
                expectRefused(try await api.signIn("alice", adding: #","totp":"\#(typed)""#), 401, .invalidCredentials)
            }

            let code = app.code()
            #expect(try await api.signIn("alice", adding: #","totp":"\#(code)""#).status == 201)
            expectRefused(try await api.signIn("alice", adding: #","totp":"\#(code)""#), 401, .invalidCredentials)
            // The app's next code works; a code older than the last one used never does.
            app.nextStep()
            #expect(try await api.signIn("alice", adding: #","totp":"\#(app.code())""#).status == 201)
            expectRefused(try await api.signIn("alice", adding: #","totp":"\#(code)""#), 401, .invalidCredentials)
            // A phone's clock 30 seconds behind is forgiven; a minute is not.
            app.nextStep()
            expectRefused(try await api.signIn("alice", adding: #","totp":"\#(app.code(steps: -2))""#), 401, .invalidCredentials)
            #expect(try await api.signIn("alice", adding: #","totp":"\#(app.code(steps: 1))""#).status == 201)
        }
    }

    @Test func aRecoveryCodeSignsInOnce() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let (_, recovery) = try await api.enrolTwoStep("alice", token: alice.token, clock: clock)
            // Typed in lower case with spaces for dashes, it is the same code.
            let typed = recovery[3].lowercased().replacingOccurrences(of: "-", with: " ")
            let grant = try await api.signIn("alice", adding: #","recovery_code":"\#(typed)""#).decode(SessionGrant.self)
            expectRefused(try await api.signIn("alice", adding: #","recovery_code":"\#(recovery[3])""#), 401, .invalidCredentials)
            expectRefused(try await api.signIn("alice", adding: #","recovery_code":"not a code""#), 401, .invalidCredentials)
            #expect(try await api.send(.GET, "/v1/me/totp", token: grant.token).decode(TOTPStatus.self).recoveryCodesLeft == 9)
        }
    }

    @Test func wrongCodesAreCountedPerAccountFromAnyLogin() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, adjust: { $0.signInAttemptLimit = 3 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let (app, _) = try await api.enrolTwoStep("alice", token: alice.token, clock: clock)
            for login in ["alice", "ALICE", "alice@example.org"] {
                expectRefused(try await api.signIn(login, password: "password-alice", adding: #","totp":"000000""#), 401, .invalidCredentials)
            }
            // Each login has room left, the account none: not even the right code gets in.
            expectRefused(try await api.signIn("Alice", password: "password-alice", adding: #","totp":"\#(app.code())""#), 429, .rateLimited)
            clock.advance(by: 15 * 60)
            #expect(try await api.signIn("Alice", password: "password-alice", adding: #","totp":"\#(app.code())""#).status == 201)
        }
    }

    @Test func theSDKSignsInWithACode() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let url = URL(string: server.baseURL)!
            let alice = try await OXOClient.register(username: "alice", email: "alice@example.org", password: "password-alice", at: url)
            let enrolment = try await alice.startTwoStep(password: "password-alice")
            let app = Authenticator(secret: try #require(Base32.decode(enrolment.secret)), clock: clock)
            let recovery = try await alice.confirmTwoStep(code: app.code()).codes
            app.nextStep()
            await #expect(throws: APIError.self) { try await OXOClient.login("alice", password: "password-alice", at: url) }
            let phone = try await OXOClient.login("alice", password: "password-alice", secondFactor: SecondFactorProof(totp: app.code()), at: url)
            #expect(try await phone.twoStepStatus().enabled)
            let fresh = try await phone.regenerateRecoveryCodes(proof: SecondFactorProof(recoveryCode: recovery[0])).codes
            #expect(Set(fresh).isDisjoint(with: recovery))
            app.nextStep()
            try await phone.stopTwoStep(password: "password-alice", proof: SecondFactorProof(totp: app.code()))
            #expect(try await phone.twoStepStatus() == TOTPStatus(enabled: false, recoveryCodesLeft: 0))
            _ = try await OXOClient.login("alice", password: "password-alice", at: url)
        }
    }
}
