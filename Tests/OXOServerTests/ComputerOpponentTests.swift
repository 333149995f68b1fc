import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

@Suite("Against the computer")
struct ComputerOpponentTests {
    @Test(arguments: [Mark.x, .o])
    func thePerfectComputerNeverLosesToRandomMoves(human: Mark) async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            var generator = SeededGenerator(seed: human == .x ? 7 : 8)
            for _ in 0..<5 {
                var game = try await alice.createGame(side: human, mode: .computer, level: .perfect)
                #expect(game.phase == .live)
                #expect(game.seat(human.opponent)?.computer == .perfect)
                if human == .o { #expect(game.moves.count == 1, "the computer, as X, has opened") }
                while game.phase == .live {
                    #expect(game.turn == human, "after each answer it is the human's turn again")
                    let empty = game.board.emptyCells
                    game = try await alice.move(empty.randomElement(using: &generator)!, in: game)
                }
                #expect(game.result?.winner != human)
                #expect(game.listed == false)
            }
        }
    }

    @Test func aHintNamesThePerfectMovesForThePlayerToMove() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.createGame(side: .o, mode: .computer, level: .perfect)
            #expect([0, 2, 6, 8].contains(game.moves.first!.cell), "the perfect computer opens in a corner")
            let hint = try await bob.hint(game.id)
            #expect(hint.best == [4] && hint.source == .solver, "after a corner, only the centre draws")
            #expect(hint.evaluations.count == 8)
            #expect(hint.evaluations.first { $0.cell == 4 }?.outcome == .draw)
            let online = try await bob.join(try await alice.createGame(side: .x).id)
            #expect(await refusal { try await alice.hint(online.id) } == .hintUnavailable, "no hints while two people play")
        }
    }

    @Test func passAndPlayLetsOneUserPlayBothSides() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            var game = try await alice.createGame(side: .x, mode: .passAndPlay)
            #expect(game.phase == .live)
            #expect(game.x?.player?.username == "alice" && game.o?.player?.username == "alice")
            for cell in [0, 3, 1, 4, 2] { game = try await alice.move(cell, in: game) }
            #expect(game.result?.winner == .x)
            #expect(game.result?.line == [0, 1, 2])
        }
    }
}
