import Foundation
import NIOHTTP1
import OXOCore
import OXOProtocol
import Testing

/// The operations of two-step sign-in, each documented answer seen (`OpenAPIDocumentTests`
/// leaves them to this suite).
@Suite("Two-step sign-in answers as documented")
struct TwoStepDocumentTests {
    static func isTwoStep(_ operation: OpenAPISpec.Operation) -> Bool {
        operation.path.hasPrefix("/v1/me/totp")
    }

    /// Answers of other operations that only two-step sign-in gives.
    static let elsewhere: Set<String> = ["DELETE /v1/me 403"]

    @Test func everyDocumentedAnswerIsSeen() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, adjust: { $0.signInAttemptLimit = 2 }) { server in
            let api = try await DocumentedClient.of(server)
            let tooLarge = "{\"x\":\"" + String(repeating: "a", count: 100_000) + "\"}"
            let alice = try await api.register("alice")
            let bob = try await api.register("bob")
            let guest = try await api.send(.POST, "/v1/guests", body: "{}").decode(SessionGrant.self)
            let writes = [(HTTPMethod.POST, "/v1/me/totp"), (.POST, "/v1/me/totp/confirm"), (.DELETE, "/v1/me/totp"),
                          (.POST, "/v1/me/totp/recovery-codes")]
            for (method, path) in writes {
                expectRefused(try await api.send(method, path, token: bob.token, body: "{"), 400, .malformedJSON, path)
                expectRefused(try await api.send(method, path, token: bob.token, body: #"{"totp":5,"password":5}"#), 400, .invalidRequest, path)
                expectRefused(try await api.send(method, path, token: bob.token, body: tooLarge), 413, .payloadTooLarge, path)
            }
            expectRefused(try await api.send(.POST, "/v1/me/totp", token: guest.token, body: #"{"password":"x"}"#), 403, .forbidden)
            expectRefused(try await api.send(.POST, "/v1/me/totp/confirm", token: bob.token, body: #"{"totp":"123456"}"#),
                          409, .secondFactorNotEnabled)
            expectRefused(try await api.send(.POST, "/v1/me/totp/recovery-codes", token: bob.token, body: "{}"), 409, .secondFactorNotEnabled)
            expectRefused(try await api.send(.DELETE, "/v1/me/totp", token: bob.token, body: #"{"password":"password-bob"}"#),
                          409, .secondFactorNotEnabled)

            let (app, recovery) = try await api.enrolTwoStep("alice", token: alice.token, clock: clock)
            #expect(try await api.send(.GET, "/v1/me/totp", token: alice.token).status == 200)
            expectRefused(try await api.send(.POST, "/v1/me/totp", token: alice.token, body: #"{"password":"password-alice"}"#),
                          409, .secondFactorEnabled)
            let regenerate = { (body: String) in try await api.send(.POST, "/v1/me/totp/recovery-codes", token: alice.token, body: body) }
            expectRefused(try await regenerate("{}"), 401, .secondFactorRequired)
            expectRefused(try await regenerate(#"{"totp":"000000"}"#), 403, .invalidSecondFactor)
            #expect(try await regenerate(#"{"recovery_code":"\#(recovery[0])"}"#).status == 200)
            expectRefused(try await api.send(.DELETE, "/v1/me", token: alice.token, body: #"{"password":"password-alice","totp":"000000"}"#),
                          403, .invalidSecondFactor)
            // Two wrong codes are this server's limit for the account.
            expectRefused(try await regenerate(#"{"totp":"000000"}"#), 429, .rateLimited)
            expectRefused(try await api.send(.DELETE, "/v1/me/totp", token: alice.token, body: #"{"password":"password-alice","totp":"000000"}"#),
                          429, .rateLimited)
            clock.advance(by: 15 * 60)
            let stop = { (body: String) in try await api.send(.DELETE, "/v1/me/totp", token: alice.token, body: body) }
            expectRefused(try await stop(#"{"password":"password-alice"}"#), 401, .secondFactorRequired)
            expectRefused(try await stop(#"{"password":"password-alice","totp":"000000"}"#), 403, .invalidSecondFactor)
            #expect(try await stop(#"{"password":"password-alice","totp":"\#(app.code())"}"#).status == 204)
            // Wrong passwords count with failed sign-ins.
            expectRefused(try await stop(#"{"password":"guess-guess"}"#), 401, .invalidCredentials)
            let start = { (body: String) in try await api.send(.POST, "/v1/me/totp", token: alice.token, body: body) }
            expectRefused(try await start(#"{"password":"guess-guess"}"#), 401, .invalidCredentials)
            expectRefused(try await start(#"{"password":"guess-guess"}"#), 429, .rateLimited)
            expectRefused(try await stop(#"{"password":"guess-guess"}"#), 429, .rateLimited)
            // Confirming: a wrong code, then past the account's limit.
            #expect(try await api.send(.POST, "/v1/me/totp", token: bob.token, body: #"{"password":"password-bob"}"#).status == 201)
            let confirm = { (body: String) in try await api.send(.POST, "/v1/me/totp/confirm", token: bob.token, body: body) }
            expectRefused(try await confirm(#"{"totp":"000000"}"#), 403, .invalidSecondFactor)
            expectRefused(try await confirm(#"{"totp":"000001"}"#), 403, .invalidSecondFactor)
            expectRefused(try await confirm(#"{"totp":"000002"}"#), 429, .rateLimited)
            clock.advance(by: 15 * 60)
            let (_, _) = try await api.enrolTwoStep("bob", token: bob.token, clock: clock)
            expectRefused(try await confirm(#"{"totp":"000000"}"#), 409, .secondFactorEnabled)

            // A bare `unauthorized` (no token, or a dead one) is OpenAPIDocumentTests' business.
            let documented = Set(api.spec.operations.filter(Self.isTwoStep).flatMap { operation in
                (api.spec.definition(of: operation)?["responses"]?.object ?? [:])
                    .filter { $0.value["$ref"]?.string != "#/components/responses/Unauthorized" }
                    .keys.map { "\(operation) \($0)" }
            }).union(Self.elsewhere)
            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            #expect(documented.subtracting(seen).isEmpty, "documented but never seen: \(documented.subtracting(seen).sorted())")
        }
    }
}
