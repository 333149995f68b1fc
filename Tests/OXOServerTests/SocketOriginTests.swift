import Foundation
import OXOProtocol
import Testing

/// A page on another site must not open a socket with the token a browser holds for this
/// one: browsers name the page's origin on the upgrade.
@Suite("The socket's origin")
struct SocketOriginTests {
    @Test func onlyThisServersOwnOriginAndTheConfiguredOnesMayOpenASocket() async throws {
        try await withServer(adjust: { $0.allowedOrigins = ["https://play.example.org"] }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            func handshake(origin: String?) async throws -> RawHTTP.Answer {
                // Without `Connection: Upgrade` (see DocumentedClient.handshake): an origin
                // that passes gets the 400 of the missing header, one that does not a 403 first.
                try await http.send(.GET, "/v1/socket", token: token,
                                    headers: DocumentedClient.handshake + (origin.map { [("Origin", $0)] } ?? []))
            }
            for origin in ["https://evil.example", "null", "http://localhost:\(server.port)", "http://127.0.0.1:1",
                           "https://play.example.org.evil.example"] {
                expectRefused(try await handshake(origin: origin), 403, .forbidden, origin)
            }
            for origin in [nil, "http://127.0.0.1:\(server.port)", "https://play.example.org"] {
                expectRefused(try await handshake(origin: origin), 400, .invalidRequest, origin ?? "no origin")
            }
        }
    }
}
