import Foundation
import OXOClient
import OXOProtocol
import Testing

/// `oxo serve --log-format json`: one object a line, for log shippers.
@Suite("JSON logs")
struct JSONLogTests {
    @Test func everyLineIsOneObjectWithTheRequestAndTheUserAndNoSecret() async throws {
        let logs = LogCapture(json: true)
        try await withServer(logs: logs) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let alice = try await server.player("alice")
            let token = try #require(await alice.token)
            _ = try await http.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"wrong-password-1"}"#)
            _ = try await http.send(.GET, "/v1/games/\(UUID())", token: token)
            _ = try await http.send(.GET, "/v1/socket?token=\(token)")

            let lines = logs.text.split(separator: "\n")
            let objects = try lines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            }
            #expect(objects.count > 5)
            for object in objects {
                #expect(["time", "level", "label", "message"].allSatisfy { object[$0] is String }, "\(object)")
            }
            let refused = try #require(objects.first {
                $0["message"] as? String == "request refused" && ($0["metadata"] as? [String: Any])?["code"] as? String == "game_not_found"
            }, "\(lines)")
            #expect(refused["request_id"] is String)
            let aliceID = try await alice.id()
            #expect(refused["user_id"] as? String == aliceID.description, "\(refused)")
            for secret in [token, "password-alice", "wrong-password-1"] {
                #expect(!logs.text.contains(secret), "a secret in the log")
            }
        }
    }
}
