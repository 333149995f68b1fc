import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Dead sockets")
struct DeadSocketTests {
    @Test func aSocketThatStopsAnsweringPingsIsClosedAndItsWatchingForgotten() async throws {
        // The silent socket answers no ping, so it is dropped two ping intervals after it
        // opens (the first ping comes after one), and what it sent is not handled once it
        // has closed: its subscription must be handled before then, on a machine as busy
        // as CI's PostgreSQL suite makes it.
        try await withServer(adjust: { $0.socketPingInterval = 5 }) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await RawHTTP(baseURL: server.baseURL).register("carol")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let topic = Topic.game(game.id)
            let live = try await alice.connect(following: [topic])
            _ = try await live.updates { if case .snapshot = $0 { true } else { false } }

            let silent = try await SilentSocket(port: server.port, path: "/v1/socket", token: carol)
            defer { silent.close() }
            try silent.send(#"{"type":"subscribe","topic":"\#(topic)"}"#)
            let watched = try await live.updates {
                if case .event(topic, _, let event) = $0 { return event.game?.watchers == 1 }
                return false
            }
            #expect(!watched.isEmpty)
            // Carol's socket answers no ping: within two ping intervals the server drops it.
            let forgotten = try await live.updates {
                if case .event(topic, _, let event) = $0 { return event.kind == .watchersChanged && event.game?.watchers == 0 }
                return false
            }
            #expect(!forgotten.isEmpty)
            #expect(try await alice.game(game.id).watchers == 0)
            await live.close()
        }
    }
}
