import Foundation
import OXOClient
import OXOCore
import OXOProtocol
@testable import OXOServer
import Testing

/// `POST /v1/admin/clock`, the route of `oxo serve --test-clock`: it moves a test clock on,
/// for the admin only, and is not found on a server that keeps real time.
@Suite("The test clock's route")
struct TestClockRouteTests {
    static let operation = OpenAPISpec.Operation(method: "POST", path: "/v1/admin/clock")
    static let adminToken = String(repeating: "c", count: ServerConfiguration.minimumAdminTokenLength)

    @Test func itMovesATestClockForTheAdminAndIsNotFoundOnARealOne() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, adjust: { $0.adminToken = Self.adminToken; $0.adminGuessLimit = 2 }) { server in
            let api = try await DocumentedClient.of(server)
            let move = { (body: String?, token: String?) in try await api.send(.POST, "/v1/admin/clock", token: token, body: body) }
            let start = clock.clock.now
            expectRefused(try await move(#"{"advance_seconds":61}"#, Self.adminToken), 404, .notFound, "a server that keeps real time")

            server.app.testClock = TestClock(clock)
            let moved = try await move(#"{"advance_seconds":61}"#, Self.adminToken)
            #expect(moved.status == 200)
            #expect(clock.clock.now == start.addingTimeInterval(61))
            for body in [#"{"advance_seconds":0}"#, #"{"advance_seconds":2592001}"#, #"{"advance_seconds":"soon"}"#, "{}"] {
                expectRefused(try await move(body, Self.adminToken), 400, .invalidRequest, body)
            }
            expectRefused(try await move(nil, Self.adminToken), 400, .malformedJSON)
            let alice = try await api.register("alice")
            expectRefused(try await move(#"{"advance_seconds":1}"#, alice.token), 401, .unauthorized, "a player's token")
            expectRefused(try await move(#"{"advance_seconds":1}"#, "wrong"), 401, .unauthorized)
            expectRefused(try await move(#"{"advance_seconds":1}"#, Self.adminToken), 429, .rateLimited, "past the guesses")
            #expect(clock.clock.now == start.addingTimeInterval(61), "no refused call moved the clock")

            let documented = Set((api.spec.definition(of: Self.operation)?["responses"]?.object ?? [:]).keys.map { "\(Self.operation) \($0)" })
            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            #expect(documented.subtracting(seen).isEmpty, "documented but never seen: \(documented.subtracting(seen).sorted())")
        }
    }
}
