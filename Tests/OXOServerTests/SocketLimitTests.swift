import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("One socket cannot take the server down")
struct SocketLimitTests {
    @Test func aMessageSentInFragmentsIsRefusedOnceItOutgrowsTheBodyLimit() async throws {
        // This client answers no ping: one ping interval after it opens, the server closes
        // it (1000) for that, and the cut-off below would pass for the wrong reason.
        try await withServer(adjust: { $0.socketPingInterval = 600 }) { server in
            let carol = try await RawHTTP(baseURL: server.baseURL).register("carol")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: carol)
            defer { socket.close() }
            // 20 KiB in two 10 KiB pieces, each under the 16 KiB frame limit, and no end.
            let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 10 * 1024)
            try socket.send(frame: 0x1, final: false, piece)
            try socket.send(frame: 0x0, final: false, piece)
            #expect(await socket.framesUntilClose().last?.closeCode == 1009)
            // The connection ends with the close, not after the grace a client has to answer it.
            #expect(socket.isEnded(within: 3), "the connection is ended at once after the 1009, not after the 5 s grace")
            #expect(try await RawHTTP(baseURL: server.baseURL).send(.GET, "/health").status == 200)
            // A client that ignores the close and goes on sending is cut off 5 s after it.
            // The check waits 40 s, which it takes only when it fails: at 15 s it failed
            // once on a loaded CI machine.
            #expect(await !socket.stillTakes(frame: 0x0, piece, after: 40), "the server still reads a client that ignored its close")
        }
    }

    @Test func aClientThatStopsReadingIsClosedAndTheOthersPlayOn() async throws {
        let logs = LogCapture()
        try await withServer(logs: logs, adjust: {
            // A few snapshots fill it: each is read from the database, which on a busy
            // machine takes long enough that hundreds of them outlast the test's patience.
            $0.maxSocketQueuedBytes = 16 * 1024
            $0.maxSocketWaitingMessages = 10_000
            $0.socketSubscriptionLimit = 10_000
            // This client answers no ping: one interval after it opens, the server closes
            // it for that (1000). At 60 s that close came first in a whole loaded run.
            $0.socketPingInterval = 600
        }) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            // Enough open games that each lobby snapshot is a few kilobytes.
            for _ in 1...20 { _ = try await alice.createGame(side: .x) }
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let carol = try await RawHTTP(baseURL: server.baseURL).register("carol")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: carol, receiveBuffer: 4096)
            defer { socket.close() }
            let subscriptions = 500
            for _ in 1...subscriptions { try socket.send(#"{"type":"subscribe","topic":"lobby"}"#) }
            // The kernel's buffers take a good deal before the server's own queue grows, and
            // every subscription reads a snapshot: on a slow or busy machine that takes a while.
            try await within(180) { while !logs.text.contains("the client fell behind") { try await Task.sleep(for: .milliseconds(50)) } }

            // What was queued comes, then the close that says to come back later. The client
            // reads from now on: the server ends the connection 5 s after its close, and on a
            // loaded machine the others' turn below took longer than that.
            async let frames = socket.framesUntilClose()

            // The others are served as before.
            let live = try await bob.connect(following: [.game(game.id)])
            _ = try await live.updates { if case .snapshot = $0 { true } else { false } }
            _ = try await alice.move(4, in: game)
            _ = try await live.events(until: .movePlayed, on: .game(game.id))
            await live.close()

            let received = await frames
            #expect(received.last?.closeCode == 1013)
            #expect(received.filter { $0.text.contains(#""type":"snapshot""#) }.count < subscriptions)
        }
    }

    @Test func aClientThatSendsFasterThanItIsServedIsClosed() async throws {
        try await withServer(adjust: { $0.maxSocketWaitingMessages = 5; $0.socketPingInterval = 60 }) { server in
            let carol = try await RawHTTP(baseURL: server.baseURL).register("carol")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: carol)
            defer { socket.close() }
            // Once closed, the server may stop reading: later sends may fail.
            for _ in 1...200 { try? socket.send(#"{"type":"subscribe","topic":"lobby"}"#) }
            #expect(await socket.framesUntilClose().last?.closeCode == 1008)
        }
    }

    @Test func aUserMayHaveOnlySoManySocketsAtOnce() async throws {
        try await withServer(adjust: { $0.maxSocketsPerUser = 2; $0.socketPingInterval = 60 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice").token, bob = try await api.register("bob").token
            let first = try await SilentSocket(port: server.port, path: "/v1/socket", token: alice)
            let second = try await SilentSocket(port: server.port, path: "/v1/socket", token: alice)
            defer { second.close() }
            // The 101 may reach the client before the server counts the socket; the welcome comes after.
            for socket in [first, second] { #expect(await socket.texts(1).count == 1) }
            // Before the upgrade, so without `Connection: Upgrade`: a third gets 429, not 400.
            expectRefused(try await api.socketHandshake(token: alice), 429, .rateLimited)
            expectRefused(try await api.socketHandshake(token: bob), 400, .invalidRequest, "another user's")
            first.close()
            try await within {
                while try await api.socketHandshake(token: alice).status == 429 { try await Task.sleep(for: .milliseconds(20)) }
            }
        }
    }

    @Test func oneClientAddressMayHaveOnlySoManySocketsWhoeverSignedIn() async throws {
        try await withServer(adjust: { $0.maxSocketsPerAddress = 3; $0.socketPingInterval = 60 }) { server in
            let api = try await DocumentedClient.of(server)
            // Guests cost nothing to make: four of them from one address.
            var tokens: [String] = []
            for _ in 1...4 { tokens.append(try await api.send(.POST, "/v1/guests", body: "{}").decode(SessionGrant.self).token) }
            let guests = tokens
            var sockets: [SilentSocket] = []
            for guest in guests.prefix(3) { sockets.append(try await SilentSocket(port: server.port, path: "/v1/socket", token: guest)) }
            defer { sockets.forEach { $0.close() } }
            for socket in sockets { #expect(await socket.texts(1).count == 1, "welcomed, so counted") }
            let refused = try await api.socketHandshake(token: guests[3])
            expectRefused(refused, 429, .rateLimited)
            #expect(refused.error?.message.contains("address") == true)
            sockets.removeFirst().close()
            try await within {
                while try await api.socketHandshake(token: guests[3]).status == 429 { try await Task.sleep(for: .milliseconds(20)) }
            }
        }
    }

    @Test func aSocketThatSubscribesOverAndOverIsRefusedPastItsBudgetThenClosed() async throws {
        // The clock stands still, so however slowly a busy machine serves them, all fall
        // in one window.
        try await withServer(clock: ManualClock(), adjust: { $0.socketPingInterval = 60 }) { server in
            let carol = try await RawHTTP(baseURL: server.baseURL).register("carol")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: carol)
            defer { socket.close() }
            for number in 1...60 { try? socket.send(#"{"type":"subscribe","id":"s\#(number)","topic":"lobby"}"#) }
            // The welcome, then a snapshot and an ack for each subscription allowed, an error
            // for each refused; the tenth refusal in a row closes the socket, and nothing
            // sent after it is answered.
            let frames = await socket.framesUntilClose()
            let texts = frames.map(\.text)
            #expect(texts.count { $0.contains(#""type":"ack""#) } == 30)
            #expect(texts.count { $0.contains(#""code":"rate_limited""#) } == 10)
            #expect(texts.last { $0.contains("rate_limited") }?.contains("in a row") == true)
            #expect(!texts.contains { $0.contains(#""id":"s41""#) })
            #expect(frames.last?.closeCode == 1008)

            // The budget is the socket's: another of carol's, in the same window, has its own.
            let another = try await SilentSocket(port: server.port, path: "/v1/socket", token: carol)
            defer { another.close() }
            try another.send(#"{"type":"subscribe","id":"t1","topic":"lobby"}"#)
            let answers = await another.texts(3).map(\.text)
            #expect(answers.contains { $0.contains(#""type":"ack""#) && $0.contains(#""id":"t1""#) }, "\(answers)")
        }
    }

    @Test func aUserWhoOpensSocketsOverAndOverIsToldToWait() async throws {
        try await withServer(adjust: { $0.socketOpenLimit = 3 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice").token
            for _ in 1...3 { expectRefused(try await api.socketHandshake(token: alice), 400, .invalidRequest) }
            let refused = try await api.socketHandshake(token: alice)
            expectRefused(refused, 429, .rateLimited)
            #expect(Int(refused.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1)
        }
    }

    @Test func aSocketRequestWithoutConnectionUpgradeIsRefused() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let token = try await api.register("alice").token
            expectRefused(try await api.socketHandshake(token: token), 400, .invalidRequest)
        }
    }
}
