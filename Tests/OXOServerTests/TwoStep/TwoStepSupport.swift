import Foundation
@testable import OXOAccounts
import OXOCore
import OXOProtocol
import Testing

/// An account's authenticator app, as a test holds it: the secret and the server's clock.
struct Authenticator {
    let secret: [UInt8]
    let clock: ManualClock

    /// The code the app shows now, or `steps` steps of 30 seconds from now.
    func code(steps: Int64 = 0) -> String {
        TOTP.code(secret: secret, time: Int64(clock.clock.now.timeIntervalSince1970) + steps * TOTP.period, digits: TOTP.digits)
    }

    /// The next step, whose code has not been used.
    func nextStep() { clock.advance(by: TimeInterval(TOTP.period)) }
}

extension DocumentedClient {
    /// Turns two-step sign-in on for `username`'s account: the app, and the recovery codes.
    func enrolTwoStep(_ username: String, token: String, clock: ManualClock,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> (app: Authenticator, recovery: [String]) {
        let started = try await send(.POST, "/v1/me/totp", token: token, body: #"{"password":"\#(Self.password(of: username))"}"#,
                                     sourceLocation: sourceLocation)
        #expect(started.status == 201, sourceLocation: sourceLocation)
        let enrolment = try started.decode(TOTPEnrolment.self)
        let app = Authenticator(secret: try #require(Base32.decode(enrolment.secret)), clock: clock)
        let confirmed = try await send(.POST, "/v1/me/totp/confirm", token: token, body: #"{"totp":"\#(app.code())"}"#,
                                       sourceLocation: sourceLocation)
        #expect(confirmed.status == 200, sourceLocation: sourceLocation)
        // The code that confirmed it is spent: the next one is the app's next.
        app.nextStep()
        return (app, try confirmed.decode(RecoveryCodes.self).codes)
    }

    /// A sign-in with the password of `username` and what else `extra` adds (`,"totp":"…"`).
    func signIn(_ username: String, password: String? = nil, adding extra: String,
                sourceLocation: SourceLocation = #_sourceLocation) async throws -> RawHTTP.Answer {
        try await send(.POST, "/v1/sessions", body: #"{"login":"\#(username)","password":"\#(password ?? Self.password(of: username))"\#(extra)}"#,
                       sourceLocation: sourceLocation)
    }
}
