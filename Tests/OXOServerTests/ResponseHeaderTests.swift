import Foundation
import NIOHTTP1
import OXOProtocol
import Testing

@Suite("Every response is safe for a browser")
struct ResponseHeaderTests {
    @Test func everyAnswerCarriesThePoliciesAndTheWebClientIsNotCached() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            for path in ["/", "/js/main.js", "/health", "/v1/nothing/here", "/openapi.json"] {
                let answer = try await http.send(.GET, path)
                #expect(answer.headers.first(name: "Content-Security-Policy")?.contains("frame-ancestors 'none'") == true, "\(path)")
                #expect(answer.headers.first(name: "X-Content-Type-Options") == "nosniff", "\(path)")
                #expect(answer.headers.first(name: "Referrer-Policy") == "no-referrer", "\(path)")
            }
            #expect(try await http.send(.GET, "/js/main.js").headers.first(name: "Cache-Control") == "no-cache")
        }
    }

    @Test func pathsWithControlCharactersOrOverlongNamesAreRefusedQuietly() async throws {
        let logs = LogCapture()
        try await withServer(logs: logs) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            expectRefused(try await http.send(.GET, "/index.html%00.js"), 400, .invalidRequest)
            expectRefused(try await http.send(.GET, "/js%0d%0amain.js"), 400, .invalidRequest)
            expectRefused(try await http.send(.GET, "/" + String(repeating: "a", count: 300)), 404, .notFound)
            #expect(!logs.text.split(separator: "\n").contains { $0.hasPrefix("error") || $0.hasPrefix("critical") })
        }
    }
}
