import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Races, decided by racing")
struct RacingTests {
    @Test func fiftyJoinersAtOnceSeatExactlyOne() async throws {
        try await withServer { server in
            let host = try await server.player("host")
            let game = try await host.createGame(side: .o)
            var joiners: [OXOClient] = []
            for index in 0..<50 { joiners.append(try await server.player("joiner\(index)")) }

            let outcomes = await concurrently(joiners) { try await $0.join(game.id) }
            let seated = outcomes.compactMap { try? $0.get() }
            let refusals = outcomes.compactMap { outcome -> ErrorCode? in
                if case .failure(let error as APIError) = outcome { return error.code }
                return nil
            }
            #expect(seated.count == 1)
            #expect(refusals.count == 49)
            #expect(refusals.allSatisfy { $0 == .seatTaken })
            let final = try await host.game(game.id)
            #expect(final.phase == .live)
            #expect(final.x?.player?.id == seated.first?.x?.player?.id)
        }
    }

    @Test func aMoveSentTwiceIsAppliedOnce() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            // The same move, ten times at once, over REST and the socket.
            let live = try await alice.connect(following: [.game(game.id)])
            let answers = await concurrently(0..<10) { index in
                index % 2 == 0 ? try await alice.move(4, in: game) : try await live.move(4, in: game)
            }
            #expect(answers.allSatisfy { (try? $0.get()) != nil }, "every copy is answered with success")
            let after = try await alice.game(game.id)
            #expect(after.moves.count == 1)
            #expect(after.board.description == "....X....")
            // And once more, later: still the same answer, still one move.
            #expect(try await alice.move(game: game.id, cell: 4, moveNumber: 1).moves.count == 1)
            await live.close()
        }
    }

    @Test func ofDifferentMovesWithOneNumberExactlyOneIsApplied() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let answers = await concurrently(0..<9) { cell in try await alice.move(game: game.id, cell: cell, moveNumber: 1) }
            let applied = answers.compactMap { try? $0.get() }
            #expect(applied.count == 1)
            let codes = answers.compactMap { answer -> ErrorCode? in
                if case .failure(let error as APIError) = answer { return error.code }
                return nil
            }
            #expect(codes.count == 8)
            #expect(codes.allSatisfy { $0 == .staleState })
            #expect(try await alice.game(game.id).moves.count == 1)
        }
    }

    /// SQLite's writes are committed in groups: a move out of turn in the same group as
    /// good moves of other games must cost them nothing, and be refused as if alone.
    @Test func goodAndBadMovesOfManyGamesAtOnceAreEachAnsweredAsIfAlone() async throws {
        try await withServer { server in
            var tables: [(x: OXOClient, o: OXOClient, game: GameView)] = []
            for index in 0..<12 {
                let x = try await server.player("xer\(index)"), o = try await server.player("oer\(index)")
                tables.append((x, o, try await o.join(try await x.createGame(side: .x).id)))
            }
            // X's good move and O's move out of turn, for every table at once.
            let attempts = tables.flatMap { [(good: true, table: $0), (good: false, table: $0)] }
            let answers = await concurrently(attempts) { attempt in
                attempt.good ? try await attempt.table.x.move(game: attempt.table.game.id, cell: 4, moveNumber: 1)
                    : try await attempt.table.o.move(game: attempt.table.game.id, cell: 0, moveNumber: 1)
            }
            for (good, answer) in zip(attempts.map(\.good), answers) {
                if good {
                    #expect((try? answer.get())?.moves.count == 1)
                } else if case .failure(let error as APIError) = answer {
                    // Before X's move it is not O's turn; after it, move 1 is played.
                    #expect([.notYourTurn, .staleState].contains(error.code))
                } else {
                    Issue.record("a move out of turn was accepted")
                }
            }
            for table in tables {
                #expect(try await table.o.game(table.game.id).board.description == "....X....")
            }
        }
    }
}

