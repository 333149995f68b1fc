import Foundation
import OXOClient
@testable import OXOCore
import OXOProtocol
import SQLKit
import Testing

/// After a PostgreSQL failover the relay listens again, but what was committed while it was
/// away reached no socket here. Each socket is brought up to date where it is: a topic whose
/// stored number moved on is sent as a snapshot, one that did not is left alone, and the
/// socket stays open, so its player neither leaves nor comes back.
@Suite(
    "Sockets catch up in place after the relay's reconnect",
    .enabled(if: TestStorage.postgresURL != nil, "set OXO_TEST_DATABASE_URL=postgres://… to run the relay's catch-up tests")
)
struct RelayCatchUpTests {
    @Test func aTopicThatMovedOnIsSentAsASnapshotOnTheOpenSocketAndTheGameGoesOn() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            let topic = Topic.game(game.id), inbox = Topic.user(try #require(await bob.user?.id))
            let live = try await bob.connect(following: [topic, inbox])
            _ = try await live.updates { if case .snapshot(topic, _, _) = $0 { true } else { false } }
            game = try await alice.move(4, in: game)
            let seen = try await live.events(until: .movePlayed, on: topic).events(on: topic).last!.seq

            // What a failover leaves behind, by hand: the game's number moved on in the
            // database (an event committed while the relay was away, never heard here),
            // then the relay listens again (PostgresEventRelay).
            let store = server.app.store
            try await store.sql.raw("UPDATE topic_sequences SET seq = seq + 1 WHERE topic = \(bind: topic.description)").run()
            let stored = try await EventStore.storedSeq(of: topic, on: store.sql)
            store.bus.relayResumed()

            let caughtUp = try await live.updates { if case .snapshot(topic, _, _) = $0 { true } else { false } }
            guard case .snapshot(topic, let snapshotSeq, .game(let state))? = caughtUp.last else {
                throw APIError(.internalError, "no snapshot of the game after the relay's reconnect")
            }
            #expect(snapshotSeq == stored && stored > seen, "numbered as the database has it")
            #expect(state.moves.map(\.cell) == [4])
            #expect(!caughtUp.contains { if case .reconnecting = $0 { true } else { false } }, "the socket stayed open")
            #expect(!caughtUp.contains { if case .snapshot(inbox, _, _) = $0 { true } else { false } }, "the inbox was up to date")

            game = try await bob.move(0, in: game)
            let next = try await live.events(until: .movePlayed, on: topic)
            #expect(!next.contains { if case .connected = $0 { true } else { false } }, "never reconnected")
            #expect(next.events(on: topic).map(\.seq) == [snapshotSeq + 1], "the next move follows the snapshot, and nobody left or came back")
            await live.close()
        }
    }
}
