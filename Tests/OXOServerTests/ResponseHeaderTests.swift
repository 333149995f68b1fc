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

    @Test func aPlayersOwnDataIsNeverStoredByABrowserOrAProxy() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            for path in ["/v1/me", "/v1/me/export", "/v1/sessions", "/v1/me/notifications", "/v1/me/games"] {
                let answer = try await http.send(.GET, path, token: token)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.headers.first(name: "Cache-Control") == "no-store", "\(path)")
            }
        }
    }

    @Test func pathsWithControlCharactersOrOverlongNamesAreRefusedQuietly() async throws {
        let logs = LogCapture()
        try await withServer(logs: logs) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            expectRefused(try await http.send(.GET, "/index.html%00.js"), 404, .notFound)
            expectRefused(try await http.send(.GET, "/js%0d%0amain.js"), 404, .notFound)
            expectRefused(try await http.send(.GET, "/" + String(repeating: "a", count: 300)), 404, .notFound)
            // A file named as a folder is no file: the file system would serve it without its type.
            for path in ["/index.html/", "/js/main.js/", "/js/main.js%2F"] {
                expectRefused(try await http.send(.GET, path), 404, .notFound, path)
            }
            #expect(try await http.send(.GET, "/js/").status == 404, "a folder without an index")
            #expect(try await http.send(.GET, "/").headers.first(name: "Content-Type")?.hasPrefix("text/html") == true)
            #expect(!logs.text.split(separator: "\n").contains { $0.hasPrefix("error") || $0.hasPrefix("critical") })
        }
    }

    @Test func aRequestWhoseBodyIsCutShortIsRefusedQuietly() async throws {
        let logs = LogCapture()
        try await withServer(logs: logs) { server in
            let token = try await RawHTTP(baseURL: server.baseURL).register("carol")
            // Promises 100 bytes, sends 8, and stops sending.
            try sendCutShort("POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n"
                + "Authorization: Bearer \(token)\r\n\r\n{\"side\":", to: server.port)
            try await within { while !logs.text.contains("request refused") { try await Task.sleep(for: .milliseconds(20)) } }
            #expect(!logs.text.split(separator: "\n").contains { $0.hasPrefix("error") || $0.hasPrefix("critical") })
        }
    }

    /// Writes `request` on a new connection, then closes it.
    private func sendCutShort(_ request: String, to port: Int) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = request.utf8CString.withUnsafeBufferPointer { send(descriptor, $0.baseAddress, $0.count - 1, 0) }
        // Closed without waiting for an answer: a test must not block a thread of Swift's
        // pool, which the server in this process needs to answer at all.
        shutdown(descriptor, Int32(SHUT_WR))
    }
}
