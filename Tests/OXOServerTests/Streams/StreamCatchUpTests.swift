import Foundation
import OXOClient
@testable import OXOCore
import OXOProtocol
import Testing

/// After a PostgreSQL failover the relay listens again, but what was committed while it was
/// away never reached this process's streams: each is ended, and its client opens it again
/// from its number and is sent what it missed, as a bot's program does by itself.
@Suite("Streams catch up after the relay's reconnect")
struct StreamCatchUpTests {
    @Test func theRelaysReconnectEndsEveryStreamAndItsClientResumesFromItsNumber() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            let stream = try await bob.gameStream(game.id)
            let bus = server.app.store.bus
            let first = try await within(20) {
                var lines = stream.makeAsyncIterator()
                guard case .snapshot(_, let first, _)? = try await lines.next() else { throw StreamTests.missing("a snapshot") }
                // What a failover sets off on each node (PostgresEventRelay), here by hand.
                bus.relayResumed()
                // The stream ends: a stream that did not would fail the wait.
                while case .success(_?) = await outcome({ try await lines.next() }) {}
                return first
            }

            game = try await alice.move(4, in: game)
            var resumed = try await bob.gameStream(game.id, after: first).makeAsyncIterator()
            let missed = try await StreamTests.events(from: &resumed, through: .movePlayed)
            #expect(missed.last?.event.game?.moves.map(\.cell) == [4], "the move made while no stream was open")
            #expect(missed.first?.seq == first + 1, "numbered on from where the client left off")
            // A stream opened after the reconnect is taken as any other.
            #expect(try await bob.game(game.id).moves.count == 1)
        }
    }
}
