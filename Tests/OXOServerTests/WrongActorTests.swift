import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Every wrong actor gets its error")
struct WrongActorTests {
    /// The code a call fails with, or nil when it succeeds.
    func code(_ call: () async throws -> GameView) async -> ErrorCode? {
        do {
            _ = try await call()
            return nil
        } catch let error as APIError {
            return error.code
        } catch {
            return .internalError
        }
    }

    @Test func restAndSocketRefuseTheSameMovesWithTheSameCodes() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), eve = try await server.player("eve")
            let open = try await alice.createGame(side: .x)
            let aliceLive = try await alice.connect(), eveLive = try await eve.connect()
            typealias Mover = @Sendable (OXOClient, RealtimeConnection, GameID, Int, Int) async throws -> GameView
            let overREST: Mover = { client, _, game, cell, number in try await client.move(game: game, cell: cell, moveNumber: number) }
            let overSocket: Mover = { _, live, game, cell, number in try await live.move(game: game, cell: cell, moveNumber: number) }

            for move in [overREST, overSocket] {
                #expect(await code { try await move(alice, aliceLive, open.id, 4, 1) } == .waitingForOpponent)
            }
            let game = try await bob.join(open.id)
            for move in [overREST, overSocket] {
                #expect(await code { try await move(eve, eveLive, game.id, 4, 1) } == .notAPlayer)
                #expect(await code { try await move(alice, aliceLive, game.id, 9, 1) } == .noSuchCell)
                #expect(await code { try await move(alice, aliceLive, GameID(rawValue: UUID()), 4, 1) } == .gameNotFound)
                #expect(await code { try await move(alice, aliceLive, game.id, 4, 3) } == .staleState)
            }
            let bobLive = try await bob.connect()
            #expect(await code { try await bob.move(0, in: game) } == .notYourTurn)
            #expect(await code { try await bobLive.move(0, in: game) } == .notYourTurn)
            let afterX = try await alice.move(4, in: game)
            #expect(await code { try await bob.move(4, in: afterX) } == .cellOccupied)
            #expect(await code { try await bobLive.move(4, in: afterX) } == .cellOccupied)
            #expect(await code { try await alice.move(0, in: afterX) } == .notYourTurn)
            let resigned = try await bob.resign(game.id)
            #expect(await code { try await alice.move(0, in: resigned) } == .gameOver)
            #expect(await code { try await aliceLive.move(0, in: resigned) } == .gameOver)
            #expect(await code { try await alice.resign(game.id) } == .gameOver)
            #expect(await code { try await eve.resign(game.id) } == .notAPlayer)
            #expect(try await alice.game(game.id).moves.count == 1, "nothing refused left a trace")

            do {
                _ = try await alice.move(game: game.id, cell: 0, moveNumber: 1)
                Issue.record("a different cell under an old number is not a retry")
            } catch let error as APIError {
                #expect(error.code == .gameOver)
            }
            for live in [aliceLive, bobLive, eveLive] { await live.close() }
        }
    }

    @Test func aStaleMoveIsToldTheGameAsItStands() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let afterX = try await alice.move(4, in: game)
            _ = try await bob.move(0, in: afterX)
            do {
                _ = try await alice.move(8, in: afterX)  // move 2, but 2 was played
                Issue.record("expected stale_state")
            } catch let error as APIError {
                #expect(error.code == .staleState)
                #expect(error.game?.moves.count == 2)
                #expect(error.game?.nextMoveNumber == 3)
            }
        }
    }

    @Test func aPlayerCannotJoinTwiceNorFollowAnotherInbox() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await alice.createGame(side: .x)
            #expect(await code { try await alice.join(game.id) } == .alreadySeated)
            _ = try await bob.join(game.id)
            #expect(await code { try await bob.join(game.id) } == .alreadySeated)

            let aliceID = try await alice.me().id
            let snooping = try await bob.connect(following: [.user(aliceID)])
            let refused = try await snooping.updates { if case .subscriptionRefused = $0 { true } else { false } }
            guard case .subscriptionRefused(_, let error) = refused.last else { return }
            #expect(error.code == .forbidden)
            await snooping.close()
        }
    }
}
