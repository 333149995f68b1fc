import Foundation
import OXOClient
@testable import OXOCore
import OXOProtocol
@testable import OXOServer
import Testing

/// On SQLite the writer keeps a live game's row between its moves (`LiveRows`), so a move
/// reads no row. What changed the game between two moves must still be in the next move's
/// answer, as a read of the game shows it.
@Suite("The row a move starts from is the game as stored")
struct LiveRowsTests {
    struct Refused: Error {}

    @Test func whatChangedAGameBetweenItsMovesIsInTheNextMovesAnswer() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            // Both online from the start, so that neither is away until they leave.
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            let id = game.id
            game = try await alice.move(4, in: game)

            let carolLive = try await carol.goOnline(following: [.game(id)])
            try await until { try await alice.game(id).watchers == 1 }
            game = try await bob.move(0, in: game)
            #expect(game.watchers == 1, "a watcher came")

            _ = try await alice.updateDisplayName("Alice Anew")
            game = try await alice.move(8, in: game)
            #expect(game.x?.player?.displayName == "Alice Anew", "a player's new name")

            await carolLive.close()
            try await until { try await alice.game(id).watchers == 0 }
            game = try await bob.move(2, in: game)
            #expect(game.watchers == 0, "the watcher left")

            await bobLive.close()
            try await until { try await alice.game(id).away != nil }
            game = try await alice.move(6, in: game)
            #expect(game.away?.map(\.mark) == [.o], "a player away")

            let stored = try await alice.game(game.id)
            #expect(stored.moves == game.moves && stored.watchers == game.watchers && stored.away == game.away)
            #expect(stored.x?.player == game.x?.player && stored.o?.player == game.o?.player)
            await aliceLive.close()
        }
    }

    @Test func aRowKeptInATransactionRolledBackIsKeptNoLongerAndOnlyThatOne() async throws {
        try await withServer { server in
            let store = server.app.store
            let first = Topic.game(GameID(rawValue: UUID())), second = Topic.game(GameID(rawValue: UUID()))
            try await store.change { $0.keptRows.keep(1, under: first) }
            await #expect(throws: Refused.self) {
                try await store.change { change in
                    change.keptRows.keep(2, under: second)
                    throw Refused()
                }
            }
            let kept = try await store.change { ($0.keptRows.row(first, as: Int.self), $0.keptRows.row(second, as: Int.self)) }
            #expect(kept.1 == nil)
            #expect(kept.0 == (store.sql.isSQLite ? 1 : nil), "kept by a commit; PostgreSQL keeps none past its transaction")
        }
    }

    private func until(_ condition: @escaping @Sendable () async throws -> Bool) async throws {
        try await within { while try await !condition() { try await Task.sleep(for: .milliseconds(20)) } }
    }
}
