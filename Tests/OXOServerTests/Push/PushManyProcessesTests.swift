import Foundation
import OXOCore
import OXOProtocol
import Testing

/// Two servers on one PostgreSQL database send from one push outbox; each push goes once,
/// signed with the one key both read from the database.
@Suite(
    "One push outbox, two senders",
    .enabled(if: TestStorage.postgresURL != nil, "set OXO_TEST_DATABASE_URL=postgres://… to run the many-process tests")
)
struct PushManyProcessesTests {
    @Test func eachPushIsSentByOneProcessOnly() async throws {
        let standIn = try await PushServiceStandIn.start()
        // Both look at the outbox all the time, so that they race for every push.
        let eager: (inout ServerConfiguration) -> Void = { $0.pushServices = [standIn.service]; $0.pushPollInterval = 0.02 }
        let first = try await TestServer.start(adjust: eager)
        let second = try await TestServer.start(storage: first.configuration.storage, adjust: eager)
        let result = await outcome {
            let api = try await DocumentedClient.of(first)
            let bob = try await api.register("bob").token
            _ = try await api.subscribe("bobs-phone", token: bob, at: standIn)
            let secondsKey = try await RawHTTP(baseURL: second.baseURL).send(.GET, "/v1/push/key", token: bob)
            #expect(try secondsKey.decode(PushPublicKey.self).publicKey == standIn.serverKey)
            let names = (0..<12).map { "player\($0)" }
            // Half the friend requests through each server.
            let asked = await concurrently(names.indices) { index in
                let http = RawHTTP(baseURL: index.isMultiple(of: 2) ? first.baseURL : second.baseURL)
                let token = try await http.register(names[index])
                let answer = try await http.send(.POST, "/v1/me/friends", token: token, body: #"{"username":"bob"}"#)
                #expect(answer.status == 201)
            }
            for request in asked { try request.get() }
            _ = try await standIn.pushes(names.count)
            try await Task.sleep(for: .milliseconds(500))
            return names
        }
        try? await second.stop()
        try? await first.stop()
        try? await standIn.stop()
        try? await TestStorage.remove(first.configuration.storage)
        let names = try result.get()
        #expect(standIn.received.count == names.count)
        #expect(standIn.posts == names.count)
        #expect(standIn.refusals.isEmpty, "\(standIn.refusals)")
    }
}
