import Foundation
import OXOProtocol
@testable import OXOServer
import Testing

/// A process that began to stop (SIGTERM; `GracefulStop` closes its listener at the same
/// moment) answers what still reaches it on an open connection: not ready, alive, and
/// `503 shutting_down` with `Retry-After` for anything else, handled by no route.
@Suite("A stopping server")
struct StoppingTests {
    @Test func isAliveButNotReadyAndRefusesNewWorkWithRetryAfter() async throws {
        try await withServer { server in
            let api = RawHTTP(baseURL: server.baseURL)
            let token = try await api.register("alice")
            #expect(try await api.send(.GET, "/health/ready").status == 200)

            server.app.stopping.begin()

            let ready = try await api.send(.GET, "/health/ready")
            expectRefused(ready, 503, .shuttingDown)
            #expect(ready.headers.first(name: "Retry-After") == "1")
            #expect(try await api.send(.GET, "/health/live").status == 200)
            #expect(try await api.send(.GET, "/health").status == 200)
            let move = try await api.send(.POST, "/v1/games", token: token, body: #"{"side":"X"}"#)
            expectRefused(move, 503, .shuttingDown)
            #expect(move.headers.first(name: "Retry-After") == "1")
            expectRefused(try await api.send(.GET, "/v1/socket?token=\(token)"), 503, .shuttingDown)
        }
    }
}
