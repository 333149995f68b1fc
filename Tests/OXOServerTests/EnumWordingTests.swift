import Foundation
import OXOProtocol
import Testing

/// A value a field does not take is named with what it takes, as the socket names an
/// unknown message type, never in the decoder's words about Swift's types.
@Suite("Unknown values are answered in the socket's words")
struct EnumWordingTests {
    @Test func aWrongSideLevelOrModeNamesWhatTheFieldTakes() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let cases = [
                (#"{"side":"Z"}"#, "Unknown value 'Z' for 'side'; expected X or O."),
                (#"{"side":"X","mode":"computer","level":"godlike"}"#, "Unknown value 'godlike' for 'level'; expected easy, medium, hard or perfect."),
                (#"{"side":"X","mode":"chess"}"#, "Unknown value 'chess' for 'mode'; expected online, computer or pass_and_play."),
            ]
            for (body, words) in cases {
                let answer = try await api.send(.POST, "/v1/games", token: alice.token, body: body)
                expectRefused(answer, 400, .invalidRequest, body)
                #expect(answer.error?.message == words)
                #expect(answer.error?.message.contains("Cannot initialize") == false)
            }
        }
    }
}
