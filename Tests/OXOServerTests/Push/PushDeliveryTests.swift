import Foundation
import OXOAccounts
import OXOClient
import OXOCore
import OXOProtocol
import Testing

/// Pushes reach a device through a push service: the local stand-in checks each one's
/// VAPID token and decrypts it with the keys the test's "browser" made.
@Suite("Web Push delivery")
struct PushDeliveryTests {
    static let correspondence = #"{"side":"X","time_control":{"kind":"correspondence","days_per_move":3}}"#

    /// Alice and Bob registered, Bob with a phone subscribed: their tokens.
    static func aliceAndBobsPhone(_ server: TestServer, _ standIn: PushServiceStandIn) async throws
        -> (api: DocumentedClient, alice: String, bob: String)
    {
        let api = try await DocumentedClient.of(server)
        let alice = try await api.register("alice").token
        let bob = try await api.register("bob").token
        _ = try await api.subscribe("bobs-phone", token: bob, at: standIn)
        return (api, alice, bob)
    }

    /// A correspondence game of Alice's (X) that Bob joined. Played through plain HTTP: the
    /// document's checker reads no `oneOf`, in which `days_per_move` is documented.
    static func correspondenceGame(_ http: RawHTTP, alice: String, bob: String) async throws -> GameView {
        let game = try await http.send(.POST, "/v1/games", token: alice, body: correspondence).decode(GameView.self)
        return try await http.send(.POST, "/v1/games/\(game.id)/join", token: bob).decode(GameView.self)
    }

    static func move(_ http: RawHTTP, _ game: GameView, cell: Int, token: String) async throws -> GameView {
        try await http.send(.POST, "/v1/games/\(game.id)/moves", token: token,
                            body: #"{"cell":\#(cell),"move_number":\#(game.nextMoveNumber)}"#).decode(GameView.self)
    }

    @Test func aYourTurnInACorrespondenceGameReachesTheDeviceEveryTurn() async throws {
        try await withPushServer { server, standIn in
            let (api, alice, bob) = try await Self.aliceAndBobsPhone(server, standIn)
            var game = try await Self.correspondenceGame(api.http, alice: alice, bob: bob)
            game = try await Self.move(api.http, game, cell: 4, token: alice)
            let first = try #require(try await standIn.pushes(1).first)
            #expect(first.device == "bobs-phone")
            #expect(first.payload == [
                "kind": "your_turn", "title": "Your turn", "body": "alice moved: it is your turn.",
                "url": "/#/game/\(game.id)", "tag": "game-\(game.id)",
            ])
            #expect(first.urgency == "high")
            #expect(first.ttl == "86400")
            #expect(first.topic?.count == 32)
            // Bob moves by the web page without reading the inbox; his next turn is pushed too.
            game = try await Self.move(api.http, game, cell: 0, token: bob)
            _ = try await Self.move(api.http, game, cell: 8, token: alice)
            let both = try await standIn.pushes(2)
            #expect(both.map { $0.payload["tag"] } == ["game-\(game.id)", "game-\(game.id)"])
            #expect(standIn.refusals.isEmpty, "\(standIn.refusals)")
        }
    }

    @Test func aDeviceThePushServiceSaysIsGoneIsForgotten() async throws {
        try await withPushServer { server, standIn in
            let (api, alice, bob) = try await Self.aliceAndBobsPhone(server, standIn)
            standIn.answerNext(410)
            #expect(try await api.send(.POST, "/v1/me/friends", token: alice, body: #"{"username":"bob"}"#).status == 201)
            try await within {
                while try await !api.subscriptions(token: bob).isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(standIn.posts == 1)
        }
    }

    @Test func aPushTheServiceCannotTakeNowIsTriedAgainLater() async throws {
        let clock = ManualClock()
        try await withPushServer(clock: clock, adjust: { $0.pushRetryDelay = 5 }) { server, standIn in
            let (api, alice, bob) = try await Self.aliceAndBobsPhone(server, standIn)
            standIn.answerNext(503, retryAfter: "30")
            standIn.answerNext(429)
            #expect(try await api.send(.POST, "/v1/me/friends", token: alice, body: #"{"username":"bob"}"#).status == 201)
            try await within { while standIn.posts < 1 { try await Task.sleep(for: .milliseconds(20)) } }
            // Not before the service's Retry-After, though the server's own delay is shorter.
            clock.advance(by: 20)
            try await Task.sleep(for: .milliseconds(200))
            #expect(standIn.posts == 1)
            try await within {
                while standIn.received.isEmpty { clock.advance(by: 5); try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(standIn.posts == 3)
            #expect(standIn.received.map { $0.payload["kind"] } == ["friend_request"])
            #expect(standIn.received.first?.payload["url"] == "/#/friends")
        }
    }

    @Test func signingOutForgetsThatSessionsDevicesOnly() async throws {
        try await withPushServer { server, standIn in
            let api = try await DocumentedClient.of(server)
            let phone = try await api.register("bob").token
            let laptop = try await api.signIn("bob").token
            _ = try await api.subscribe("bobs-phone", token: phone, at: standIn)
            let kept = try await api.subscribe("bobs-laptop", token: laptop, at: standIn)
            #expect(try await api.subscriptions(token: laptop).count == 2)
            #expect(try await api.send(.DELETE, "/v1/sessions/current", token: phone).status == 204)
            #expect(try await api.subscriptions(token: laptop).map(\.id) == [kept.id])
        }
    }

    @Test func aMutedKindOrABlockSendsNothingWhileOtherKindsStillCome() async throws {
        try await withPushServer { server, standIn in
            let (api, alice, bob) = try await Self.aliceAndBobsPhone(server, standIn)
            let carol = try await api.register("carol")
            #expect(try await api.send(.PUT, "/v1/me/notification-settings", token: bob, body: #"{"muted":["your_turn"]}"#).status == 200)
            #expect(try await api.send(.PUT, "/v1/me/blocks/{userID}", ["userID": "\(carol.user.id)"], token: bob).status < 300)
            let game = try await Self.correspondenceGame(api.http, alice: alice, bob: bob)
            _ = try await Self.move(api.http, game, cell: 4, token: alice)
            _ = try await api.send(.POST, "/v1/me/friends", token: carol.token, body: #"{"username":"bob"}"#)
            // A kind bob did not mute, from someone he did not block, comes; it was queued last.
            #expect(try await api.send(.POST, "/v1/me/friends", token: alice, body: #"{"username":"bob"}"#).status == 201)
            let received = try await standIn.pushes(1)
            try await Task.sleep(for: .milliseconds(300))
            #expect(standIn.received.count == 1)
            #expect(received.first?.payload["body"] == "alice asks to be your friend.")
        }
    }

    @Test func aLiveGamesTurnIsNotPushedToAPlayerWithAClientOpen() async throws {
        try await withPushServer { server, standIn in
            let (api, alice, bob) = try await Self.aliceAndBobsPhone(server, standIn)
            let game = try await api.createGame(token: alice)
            #expect(try await api.join(game, token: bob).status == 200)
            // Bob has the lobby open, not the game.
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: bob)
            defer { socket.close() }
            try await Self.waitUntil("bob", isOnline: true, askedBy: alice, api)
            #expect(try await api.move(game, cell: 4, token: alice).status == 200)
            #expect(try await api.send(.POST, "/v1/me/friends", token: alice, body: #"{"username":"bob"}"#).status == 201)
            _ = try await standIn.pushes(1)
            try await Task.sleep(for: .milliseconds(300))
            #expect(standIn.received.map { $0.payload["kind"] } == ["friend_request"])
        }
    }

    /// The server remembers which players have a client connected to it, to skip asking
    /// the database on every turn: once the last client closed, the turns are pushed again.
    @Test func aLiveGamesTurnIsPushedOnceThePlayersLastClientClosed() async throws {
        try await withPushServer { server, standIn in
            let (api, alice, bob) = try await Self.aliceAndBobsPhone(server, standIn)
            let game = try await api.createGame(token: alice)
            #expect(try await api.join(game, token: bob).status == 200)
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: bob)
            try await Self.waitUntil("bob", isOnline: true, askedBy: alice, api)
            #expect(try await api.move(game, cell: 4, token: alice).status == 200)
            socket.close()
            try await Self.waitUntil("bob", isOnline: false, askedBy: alice, api)
            #expect(try await api.move(game, cell: 0, number: 2, token: bob).status == 200)
            #expect(try await api.move(game, cell: 8, number: 3, token: alice).status == 200)
            _ = try await standIn.pushes(1)
            try await Task.sleep(for: .milliseconds(300))
            #expect(standIn.received.map { $0.payload["kind"] } == ["your_turn"])
        }
    }

    static func waitUntil(_ username: String, isOnline online: Bool, askedBy token: String, _ api: DocumentedClient) async throws {
        try await within {
            while try await api.send(.GET, "/v1/players/online", token: token).decode(OnlinePlayers.self).players
                .contains(where: { $0.player.username == username }) != online {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    @Test func theSDKRegistersADeviceThatPushesReachAndRemovesIt() async throws {
        try await withPushServer { server, standIn in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            standIn.trust(serverKey: try await bob.pushPublicKey())
            let device = standIn.device("bobs-tablet").device
            let registered = try await bob.registerPushSubscription(
                .webPush(endpoint: "\(standIn.origin)/push/bobs-tablet", p256dh: device.p256dh, auth: Base64URL.encode(device.auth)))
            #expect(try await bob.pushSubscriptions().map(\.id) == [registered.id])
            try await alice.befriend(username: "bob")
            #expect(try await standIn.pushes(1).first?.payload["kind"] == "friend_request")
            try await bob.removePushSubscription(id: registered.id)
            #expect(try await bob.pushSubscriptions().isEmpty)
        }
    }
}

extension DocumentedClient {
    /// Subscribes a new device of the stand-in's for the token's user, trusting the server's key.
    func subscribe(_ device: String, token: String, at standIn: PushServiceStandIn,
                   sourceLocation: SourceLocation = #_sourceLocation) async throws -> PushSubscriptionView {
        let key = try await send(.GET, "/v1/push/key", token: token, sourceLocation: sourceLocation).decode(PushPublicKey.self)
        standIn.trust(serverKey: key.publicKey)
        let answer = try await send(.POST, "/v1/push/subscriptions", token: token, body: standIn.device(device).subscription,
                                    sourceLocation: sourceLocation)
        #expect(answer.status == 201, sourceLocation: sourceLocation)
        return try answer.decode(PushSubscriptionView.self)
    }

    func subscriptions(token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [PushSubscriptionView] {
        try await send(.GET, "/v1/push/subscriptions", token: token, sourceLocation: sourceLocation)
            .decode(PushSubscriptionList.self).subscriptions
    }
}
