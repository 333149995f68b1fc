import Foundation
import OXOAccounts
import OXOProtocol
import Testing

/// What a device may subscribe with, and who sees and removes a subscription.
@Suite("Push subscriptions")
struct PushSubscriptionTests {
    /// The operations this suite answers every documented status of, through the document.
    static func isPush(_ operation: OpenAPISpec.Operation) -> Bool {
        operation.path.hasPrefix("/v1/push/")
    }

    static let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let auth = "BTBZMqHH6r4Tts7J_aSIgg"

    static func body(_ endpoint: String, p256dh: String = p256dh, auth: String = auth) -> String {
        #"{"endpoint":"\#(endpoint)","keys":{"p256dh":"\#(p256dh)","auth":"\#(auth)"}}"#
    }

    @Test func theServersKeyIsOneP256PointTheSameAfterARestart() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let token = try await api.register("alice").token
            expectRefused(try await api.send(.GET, "/v1/push/key"), 401, .unauthorized)
            let key = try await api.send(.GET, "/v1/push/key", token: token).decode(PushPublicKey.self).publicKey
            #expect(Base64URL.decode(key)?.count == 65)
            #expect(Base64URL.decode(key)?.first == 4)
            let again = try await server.restarted(onSamePort: false)
            let answer = await outcome { try await RawHTTP(baseURL: again.baseURL).send(.GET, "/v1/push/key", token: token) }
            try await again.stop()
            #expect(try answer.get().decode(PushPublicKey.self).publicKey == key)
        }
    }

    @Test func knownPushServicesAreTakenAndTheSameEndpointIsOneRow() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let token = try await api.register("alice").token
            for endpoint in ["https://fcm.googleapis.com/fcm/send/abc", "https://updates.push.services.mozilla.com/wpush/v2/x",
                             "https://web.push.apple.com/QO", "https://wns2-by3p.notify.windows.com/w/?token=x"] {
                #expect(try await api.send(.POST, "/v1/push/subscriptions", token: token, body: Self.body(endpoint)).status == 201, "\(endpoint)")
            }
            let first = try await api.send(.POST, "/v1/push/subscriptions", token: token,
                                           body: Self.body("https://fcm.googleapis.com/fcm/send/abc"))
            #expect(first.status == 200)
            let list = try await api.send(.GET, "/v1/push/subscriptions", token: token).decode(PushSubscriptionList.self)
            #expect(list.subscriptions.count == 4)
            #expect(list.subscriptions.first?.id == (try first.decode(PushSubscriptionView.self)).id)
        }
    }

    @Test func aUsersEleventhDevicePushesOutTheOldest() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let token = try await api.register("alice").token
            var ids: [PushSubscriptionID] = []
            for index in 0..<11 {
                let answer = try await api.send(.POST, "/v1/push/subscriptions", token: token,
                                                body: Self.body("https://fcm.googleapis.com/fcm/send/\(index)"))
                ids.append(try answer.decode(PushSubscriptionView.self).id)
            }
            let list = try await api.send(.GET, "/v1/push/subscriptions", token: token).decode(PushSubscriptionList.self)
            #expect(Set(list.subscriptions.map(\.id)) == Set(ids.dropFirst()))
        }
    }

    @Test func theCapHoldsForEndpointsTakenOverFromAnotherAccount() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let (alice, mallory) = (try await api.register("alice").token, try await api.register("mallory").token)
            let endpoints = (0..<20).map { "https://fcm.googleapis.com/fcm/send/\($0)" }
            for endpoint in endpoints.prefix(10) {
                #expect(try await api.send(.POST, "/v1/push/subscriptions", token: mallory, body: Self.body(endpoint)).status == 201)
            }
            for endpoint in endpoints.suffix(10) {
                #expect(try await api.send(.POST, "/v1/push/subscriptions", token: alice, body: Self.body(endpoint)).status == 201)
            }
            // Mallory posts again the ten that alice registered: they move to her, within her ten.
            for endpoint in endpoints.suffix(10) {
                #expect(try await api.send(.POST, "/v1/push/subscriptions", token: mallory, body: Self.body(endpoint)).status == 200)
            }
            let hers = try await api.send(.GET, "/v1/push/subscriptions", token: mallory).decode(PushSubscriptionList.self)
            #expect(hers.subscriptions.count == 10)
            #expect(Set(hers.subscriptions.map(\.endpoint)) == Set(endpoints.suffix(10)))
        }
    }

    @Test func endpointsElsewhereAndKeysOfTheWrongSizeAreRefused() async throws {
        try await withServer(adjust: { $0.pushServices = ["push.example.org", "127.0.0.1:9"] }) { server in
            let api = try await DocumentedClient.of(server)
            let token = try await api.register("alice").token
            let refused = [
                Self.body("http://fcm.googleapis.com/fcm/send/abc"),
                Self.body("https://fcm.googleapis.com.evil.example/x"),
                Self.body("https://evil.example/push"),
                Self.body("https://fcm.googleapis.com:8443/fcm/send/abc"),
                Self.body("https://user@fcm.googleapis.com/fcm/send/abc"),
                Self.body("http://127.0.0.1:10/push"),
                Self.body("http://localhost:9/push"),
                Self.body("http://push.example.org/x"),
                Self.body("file:///etc/passwd"),
                Self.body("https://fcm.googleapis.com/" + String(repeating: "a", count: 1100)),
                Self.body("https://fcm.googleapis.com/x", p256dh: String(Self.p256dh.dropLast(4))),
                Self.body("https://fcm.googleapis.com/x", p256dh: "BAAA" + String(Self.p256dh.dropFirst(4))),
                Self.body("https://fcm.googleapis.com/x", auth: "BTBZMqHH6r4Tts7J"),
                Self.body("https://fcm.googleapis.com/x", auth: "not base64url!"),
            ]
            for body in refused {
                expectRefused(try await api.send(.POST, "/v1/push/subscriptions", token: token, body: body), 400,
                              .invalidPushSubscription, body)
            }
            // The operator's own services: https on the named host, plain http only on the named loopback port.
            #expect(try await api.send(.POST, "/v1/push/subscriptions", token: token,
                                       body: Self.body("https://push.example.org/x")).status == 201)
            #expect(try await api.send(.POST, "/v1/push/subscriptions", token: token,
                                       body: Self.body("http://127.0.0.1:9/push")).status == 201)
            expectRefused(try await api.send(.POST, "/v1/push/subscriptions", token: token, body: #"{"endpoint":"https://fcm.googleapis.com/x"}"#),
                          400, .invalidRequest)
            expectRefused(try await api.send(.POST, "/v1/push/subscriptions", body: Self.body("https://fcm.googleapis.com/x")),
                          401, .unauthorized)
        }
    }

    @Test func onlyTheOwnerSeesAndRemovesASubscription() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice").token
            let bob = try await api.register("bob").token
            let mine = try await api.send(.POST, "/v1/push/subscriptions", token: alice,
                                          body: Self.body("https://fcm.googleapis.com/fcm/send/alice")).decode(PushSubscriptionView.self)
            #expect(try await api.send(.GET, "/v1/push/subscriptions", token: bob).decode(PushSubscriptionList.self).subscriptions.isEmpty)
            expectRefused(try await api.send(.DELETE, "/v1/push/subscriptions/{subscriptionID}", ["subscriptionID": "\(mine.id)"], token: bob),
                          404, .notFound)
            expectRefused(try await api.send(.DELETE, "/v1/push/subscriptions/{subscriptionID}", ["subscriptionID": "\(UUID())"], token: alice),
                          404, .notFound)
            expectRefused(try await api.send(.DELETE, "/v1/push/subscriptions/{subscriptionID}", ["subscriptionID": "nope"], token: alice),
                          404, .notFound)
            #expect(try await api.send(.DELETE, "/v1/push/subscriptions/{subscriptionID}", ["subscriptionID": "\(mine.id)"], token: alice).status == 204)
            #expect(try await api.send(.GET, "/v1/push/subscriptions", token: alice).decode(PushSubscriptionList.self).subscriptions.isEmpty)
        }
    }
}
