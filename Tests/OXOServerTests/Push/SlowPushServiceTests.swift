import Foundation
import OXOCore
import Testing

/// A push service that answers at once and then sends its answer's body a byte at a time:
/// it neither holds its exchange past the bound nor delays anyone else's pushes.
@Suite("A slow push service")
struct SlowPushServiceTests {
    @Test func anotherUsersPushGoesOutWhileASlowServiceHoldsItsExchange() async throws {
        // A bound far longer than the test: only pushes running side by side can pass.
        try await withPushServer(adjust: { $0.pushTimeout = 120 }) { server, standIn in
            let (api, alice, bob) = try await PushDeliveryTests.aliceAndBobsPhone(server, standIn)
            let carol = try await api.register("carol").token
            standIn.dribble(to: "bobs-phone")
            _ = try await api.subscribe("carols-phone", token: carol, at: standIn)
            #expect(try await api.send(.POST, "/v1/me/friends", token: alice, body: #"{"username":"bob"}"#).status == 201)
            try await within { while standIn.posts(to: "bobs-phone") < 1 { try await Task.sleep(for: .milliseconds(20)) } }

            #expect(try await api.send(.POST, "/v1/me/friends", token: alice, body: #"{"username":"carol"}"#).status == 201)
            let received = try await standIn.pushes(1)
            #expect(received.map(\.device) == ["carols-phone"])
        }
    }

    @Test func anExchangeWhoseBodyDragsOnIsGivenUpAtTheBoundAndTriedAgain() async throws {
        try await withPushServer(adjust: { $0.pushTimeout = 1; $0.pushRetryDelay = 0.05; $0.pushPollInterval = 0.2 }) { server, standIn in
            let (api, alice, _) = try await PushDeliveryTests.aliceAndBobsPhone(server, standIn)
            standIn.dribble(to: "bobs-phone")
            #expect(try await api.send(.POST, "/v1/me/friends", token: alice, body: #"{"username":"bob"}"#).status == 201)
            // The body would take 2,000 s; each try ends after 1 s and the push is tried again.
            try await within { while standIn.posts(to: "bobs-phone") < 2 { try await Task.sleep(for: .milliseconds(20)) } }
        }
    }
}
