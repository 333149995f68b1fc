import Foundation
import OXOProtocol
import Testing

/// Every answer the OpenAPI document promises for `/v1/me/tokens`, seen from the real
/// server and checked against the document.
@Suite("Access tokens as the OpenAPI document says")
struct AccessTokenDocumentTests {
    static func isAccessTokens(_ operation: OpenAPISpec.Operation) -> Bool {
        operation.path.hasPrefix("/v1/me/tokens")
    }

    @Test func everyDocumentedAnswerIsSeen() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let make = { (body: String, token: String) in try await api.send(.POST, "/v1/me/tokens", token: token, body: body) }
            expectRefused(try await make("{", alice.token), 400, .malformedJSON)
            expectRefused(try await make(#"{"name":"x","scopes":["read"],"expires_in_days":0}"#, alice.token), 400, .invalidRequest)
            expectRefused(try await make("{\"x\":\"" + String(repeating: "a", count: 100_000) + "\"}", alice.token), 413, .payloadTooLarge)
            let made = try await make(#"{"name":"board","scopes":["read","play"],"expires_in_days":30}"#, alice.token)
                .decode(NewAccessToken.self)
            expectRefused(try await api.send(.GET, "/v1/me/tokens", token: made.token), 403, .insufficientScope)
            expectRefused(try await make(#"{"name":"b","scopes":["read"],"expires_in_days":1}"#, made.token), 403, .insufficientScope)
            let revoke = { (id: String, token: String) in
                try await api.send(.DELETE, "/v1/me/tokens/{tokenID}", ["tokenID": id], token: token)
            }
            expectRefused(try await revoke("\(made.accessToken.id)", made.token), 403, .insufficientScope)
            #expect(try await api.send(.GET, "/v1/me/tokens", token: alice.token).decode(AccessTokenList.self).tokens.count == 1)
            for index in 2...20 {
                #expect(try await make(#"{"name":"t\#(index)","scopes":["read"],"expires_in_days":1}"#, alice.token).status == 201)
            }
            expectRefused(try await make(#"{"name":"t21","scopes":["read"],"expires_in_days":1}"#, alice.token), 429, .rateLimited)
            #expect(try await revoke("\(made.accessToken.id)", alice.token).status == 204)
            expectRefused(try await revoke("\(made.accessToken.id)", alice.token), 404, .notFound)
        }
    }
}
