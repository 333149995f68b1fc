import Foundation
import OXOClient
@testable import OXOCore
@testable import OXOPlay
import OXOProtocol
import SQLKit
import Testing

/// On PostgreSQL a group's casual moves are stored in one statement, after the changes
/// that made them ran (`DeferringDatabase`): what a change reads must still see them, and a
/// move the database does not make must fail its change, whatever the change does.
@Suite(
    "A PostgreSQL group's moves stored together",
    .enabled(if: TestStorage.postgresURL != nil, "set OXO_TEST_DATABASE_URL=postgres://… to run the deferred writes' tests")
)
struct DeferredWritesTests {
    @Test func aMoveLeftForTheGroupIsSeenByTheNextStatementAndStored() async throws {
        try await withServer { server in
            let (store, game, x) = try await Self.liveGame(on: server)
            let countSeen = try await store.change { change in
                try await Self.deferring(change).defer(Self.move(1, in: game, by: x, at: change.now))
                return try await Self.moveCount(of: game, on: change.sql)
            }
            #expect(countSeen == 1, "the statement after the move sees it made")
            #expect(try await Self.moveCount(of: game, on: store.sql) == 1)
            #expect(try await store.reads.games.game(GameID(rawValue: game)).moves.map(\.cell) == [4])
        }
    }

    @Test func aMoveTheDatabaseRefusesFailsItsChangeEvenWhenTheChangeSwallowsTheError() async throws {
        try await withServer { server in
            let (store, game, x) = try await Self.liveGame(on: server)
            await #expect(throws: MoveNumberTaken.self) {
                try await store.change { change in
                    // Move 2 of a game that counts none: the update finds no row to count it in.
                    try await Self.deferring(change).defer(Self.move(2, in: game, by: x, at: change.now))
                    _ = try? await Self.moveCount(of: game, on: change.sql)
                }
            }
            #expect(try await Self.moveCount(of: game, on: store.sql) == 0)
        }
    }

    /// A casual game between two people, started: the store, the game's id and X's id.
    private static func liveGame(on server: TestServer) async throws -> (Store, UUID, UUID) {
        let alice = try await server.player("alice"), bob = try await server.player("bob")
        let game = try await bob.join(try await alice.createGame(side: .x).id)
        return (server.app.store, game.id.rawValue, try #require(game.x?.player?.id.rawValue))
    }

    private static func deferring(_ change: Change) throws -> any DeferringWrites {
        try #require(change.sql as? any DeferringWrites, "a PostgreSQL group's changes run on a DeferringDatabase")
    }

    private static func move(_ number: Int, in game: UUID, by user: UUID, at time: Date) -> MovePlayed {
        MovePlayed(game: game, number: number, cell: 4, mark: "X", user: user, playedAt: time)
    }

    private static func moveCount(of game: UUID, on sql: any SQLDatabase) async throws -> Int? {
        try await sql.raw("SELECT move_count FROM games WHERE id = \(bind: game)").first()?.decode(column: "move_count", as: Int.self)
    }
}
