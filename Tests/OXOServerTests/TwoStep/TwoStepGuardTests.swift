import Foundation
@testable import OXOAccounts
import OXOCore
import OXOProtocol
import Testing

/// What two-step sign-in guards besides signing in: the password, the account, the factor itself.
@Suite("Two-step sign-in guards the account")
struct TwoStepGuardTests {
    @Test func changingThePasswordNeedsACode() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let (app, _) = try await api.enrolTwoStep("alice", token: alice.token, clock: clock)
            func change(_ extra: String) async throws -> RawHTTP.Answer {
                try await api.send(.PUT, "/v1/me/password", token: alice.token,
                                   body: #"{"current_password":"password-alice","new_password":"a-new-password"\#(extra)}"#)
            }
            expectRefused(try await change(""), 401, .secondFactorRequired)
            expectRefused(try await change(#","totp":"000000""#), 403, .invalidSecondFactor)
            #expect(try await change(#","totp":"\#(app.code())""#).status == 204)
            app.nextStep()
            expectRefused(try await api.signIn("alice", password: "a-new-password", adding: ""), 401, .secondFactorRequired)
            #expect(try await api.signIn("alice", password: "a-new-password", adding: #","totp":"\#(app.code())""#).status == 201)
        }
    }

    @Test func deletingTheAccountNeedsACode() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let (_, recovery) = try await api.enrolTwoStep("alice", token: alice.token, clock: clock)
            func delete(_ extra: String) async throws -> RawHTTP.Answer {
                try await api.send(.DELETE, "/v1/me", token: alice.token, body: #"{"password":"password-alice"\#(extra)}"#)
            }
            expectRefused(try await delete(""), 401, .secondFactorRequired)
            expectRefused(try await delete(#","recovery_code":"AAAA-AAAA-AAAA-AAAA-AAAA-AAAA""#), 403, .invalidSecondFactor)
            expectRefused(try await api.send(.DELETE, "/v1/me", token: alice.token, body: #"{"password":"guess-guess","recovery_code":"\#(recovery[0])"}"#),
                          401, .invalidCredentials)
            #expect(try await delete(#","recovery_code":"\#(recovery[0])""#).status == 204)
            expectRefused(try await api.me(token: alice.token), 401, .unauthorized)
            // The secret and the codes went with the account.
            for table in ["totp_factors", "totp_recovery_codes"] {
                #expect(try await server.count(table, where: "user_id", is: alice.user.id.rawValue) == 0, "\(table)")
            }
        }
    }

    @Test func aPasswordResetByMailDoesNotTurnItOff() async throws {
        let clock = ManualClock()
        try await withMailServer(clock: clock) { server, sink in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.registerVerified("alice", sink: sink)
            let (app, _) = try await api.enrolTwoStep("alice", token: alice.token, clock: clock)
            #expect(try await api.send(.POST, "/v1/password-resets", body: #"{"email":"alice@example.org"}"#).status == 202)
            let token = try #require(try await sink.mail(to: "alice@example.org", count: 2).token)
            #expect(try await api.send(.POST, "/v1/password-resets/redeem", body: #"{"token":"\#(token)","password":"a-new-password"}"#)
                .status == 204)
            expectRefused(try await api.signIn("alice", password: "a-new-password", adding: ""), 401, .secondFactorRequired)
            let grant = try await api.signIn("alice", password: "a-new-password", adding: #","totp":"\#(app.code())""#)
            #expect(try await api.send(.GET, "/v1/me/totp", token: try grant.decode(SessionGrant.self).token)
                .decode(TOTPStatus.self).enabled)
        }
    }

    @Test func aGuestCannotEnrol() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let guest = try await api.send(.POST, "/v1/guests", body: "{}").decode(SessionGrant.self)
            expectRefused(try await api.send(.POST, "/v1/me/totp", token: guest.token, body: #"{"password":"anything-at-all"}"#),
                          403, .forbidden)
        }
    }

    @Test func turningItOffNeedsThePasswordAndACodeAndNewRecoveryCodesReplaceTheOld() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let (app, recovery) = try await api.enrolTwoStep("alice", token: alice.token, clock: clock)
            let regenerate = { (body: String) in try await api.send(.POST, "/v1/me/totp/recovery-codes", token: alice.token, body: body) }
            expectRefused(try await regenerate("{}"), 401, .secondFactorRequired)
            let fresh = try await regenerate(#"{"totp":"\#(app.code())"}"#).decode(RecoveryCodes.self).codes
            #expect(fresh.count == 10 && Set(fresh).isDisjoint(with: recovery))
            expectRefused(try await api.signIn("alice", adding: #","recovery_code":"\#(recovery[1])""#), 401, .invalidCredentials)

            let stop = { (body: String) in try await api.send(.DELETE, "/v1/me/totp", token: alice.token, body: body) }
            expectRefused(try await stop(#"{"password":"guess-guess","recovery_code":"\#(fresh[0])"}"#), 401, .invalidCredentials)
            expectRefused(try await stop(#"{"password":"password-alice"}"#), 401, .secondFactorRequired)
            expectRefused(try await stop(#"{"password":"password-alice","totp":"000000"}"#), 403, .invalidSecondFactor)
            #expect(try await stop(#"{"password":"password-alice","recovery_code":"\#(fresh[0])"}"#).status == 204)
            #expect(try await api.send(.GET, "/v1/me/totp", token: alice.token).decode(TOTPStatus.self)
                == TOTPStatus(enabled: false, recoveryCodesLeft: 0))
            #expect(try await api.signIn("alice", adding: "").status == 201)
            expectRefused(try await stop(#"{"password":"password-alice","recovery_code":"\#(fresh[1])"}"#), 409, .secondFactorNotEnabled)
            expectRefused(try await regenerate(#"{"recovery_code":"\#(fresh[1])"}"#), 409, .secondFactorNotEnabled)
            expectRefused(try await api.send(.POST, "/v1/me/totp/confirm", token: alice.token, body: #"{"totp":"123456"}"#),
                          409, .secondFactorNotEnabled)
        }
    }
}
