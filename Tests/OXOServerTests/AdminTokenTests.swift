import Foundation
import OXOProtocol
@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// The moderators' token cannot be short, and cannot be guessed quickly.
@Suite("The admin token")
struct AdminTokenTests {
    static let token = String(repeating: "k", count: ServerConfiguration.minimumAdminTokenLength)

    @Test func aShortTokenStopsTheServerFromStarting() async throws {
        await #expect(throws: WeakAdminToken.self) {
            try await withServer(adjust: { $0.adminToken = "a" }) { _ in }
        }
    }

    @Test func wrongTokensAreLimitedPerAddressLikeSignIns() async throws {
        try await withServer(adjust: { $0.adminToken = Self.token; $0.adminGuessLimit = 3 }) { server in
            let api = try await DocumentedClient.of(server)
            for guess in 0..<3 {
                expectRefused(try await api.send(.GET, "/v1/admin/reports", token: "guess-\(guess)"), 401, .unauthorized)
            }
            let locked = try await api.send(.GET, "/v1/admin/reports", token: Self.token)
            expectRefused(locked, 429, .rateLimited, "even the right token, from this address")
            #expect(locked.headers.first(name: "Retry-After") != nil)
        }
    }
}
