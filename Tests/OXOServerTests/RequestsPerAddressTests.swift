import Foundation
import OXOProtocol
import OXOCore
import OXOSocial
import OXOServer
import Testing

@Suite("Requests per client address")
struct RequestsPerAddressTests {
    @Test func anAddressMayAskInABurstAndIsThenToldToWaitWhileOthersAreServed() async throws {
        // The clock stands still, so the budget earns nothing back while the test runs.
        try await withServer(clock: ManualClock(), adjust: { $0.requestsPerAddress = 20; $0.trustedProxies = ["127.0.0.1"] }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            func from(_ address: String) async throws -> RawHTTP.Answer {
                try await http.send(.GET, "/health", headers: [("X-Forwarded-For", address)])
            }
            for _ in 1...20 { #expect(try await from("203.0.113.9").status == 200) }
            let refused = try await from("203.0.113.9")
            expectRefused(refused, 429, .rateLimited)
            #expect(Int(refused.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1)
            #expect(try await from("198.51.100.7").status == 200, "another address has a budget of its own")
        }
    }

    @Test func aClientThatAsksAgainTheMomentItIsRefusedIsAnsweredOnceASecond() async throws {
        try await withServer(clock: ManualClock(), adjust: { $0.requestsPerAddress = 5 }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            for _ in 1...5 {
                let answer = try await http.send(.GET, "/health")
                #expect(answer.status == 200)
            }
            for _ in 1...3 {
                let asked = Date()
                let answer = try await http.send(.GET, "/health")
                #expect(answer.status == 429)
                // Without the pause a client asking in a loop is refused hundreds of times a second.
                #expect(Date().timeIntervalSince(asked) >= 0.9)
            }
        }
    }
}
