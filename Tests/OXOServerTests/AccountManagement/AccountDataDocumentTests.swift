import Foundation
import NIOHTTP1
import OXOProtocol
@testable import OXOServer
import Testing

/// The operations of issue 32's account management, each answer checked against the
/// OpenAPI document (`OpenAPIDocumentTests` leaves them to this suite).
@Suite("Account management answers as documented")
struct AccountDataDocumentTests {
    static let operations: Set<String> = [
        "DELETE /v1/sessions 200", "DELETE /v1/sessions 400",
        "GET /v1/me/export 200", "GET /v1/me/export 429",
        "DELETE /v1/me 204", "DELETE /v1/me 400", "DELETE /v1/me 401", "DELETE /v1/me 429",
    ]

    @Test func everyDocumentedAnswerIsSeen() async throws {
        try await withServer(adjust: { $0.exportLimit = 1; $0.signInAttemptLimit = 2 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let phone = try await api.signIn("alice")
            let sessions = try await api.send(.GET, "/v1/sessions", token: alice.token).decode([SessionView].self)
            #expect(sessions.count == 2)
            expectRefused(try await api.send(.DELETE, "/v1/sessions", token: alice.token), 400, .invalidRequest)
            let ended = try await api.send(.DELETE, "/v1/sessions", query: "?except=current", token: alice.token)
            #expect(try ended.decode(SessionsEnded.self).ended == 1)
            expectRefused(try await api.send(.GET, "/v1/me", token: phone.token), 401, .unauthorized)

            #expect(try await api.send(.GET, "/v1/me/export", token: alice.token).decode(AccountExport.self).account.username == "alice")
            expectRefused(try await api.send(.GET, "/v1/me/export", token: alice.token), 429, .rateLimited)

            expectRefused(try await api.send(.DELETE, "/v1/me", token: alice.token, body: "{"), 400, .malformedJSON)
            expectRefused(try await api.send(.DELETE, "/v1/me", token: alice.token, body: #"{"password":"guess-guess"}"#),
                          401, .invalidCredentials)
            // Wrong passwords count with failed sign-ins: the second is past this server's limit of 2.
            let bob = try await api.register("bob")
            let wrong = #"{"password":"guess-guess"}"#
            expectRefused(try await api.send(.DELETE, "/v1/me", token: bob.token, body: wrong), 401, .invalidCredentials)
            expectRefused(try await api.send(.DELETE, "/v1/me", token: bob.token, body: wrong), 401, .invalidCredentials)
            expectRefused(try await api.send(.DELETE, "/v1/me", token: bob.token, body: wrong), 429, .rateLimited)
            #expect(try await api.send(.DELETE, "/v1/me", token: alice.token, body: #"{"password":"password-alice"}"#).status == 204)
            expectRefused(try await api.send(.GET, "/v1/me", token: alice.token), 401, .unauthorized)

            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            #expect(Self.operations.subtracting(seen).isEmpty, "never seen: \(Self.operations.subtracting(seen).sorted())")
        }
    }
}
