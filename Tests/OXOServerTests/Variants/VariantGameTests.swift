import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

/// Games of every variant through the real server: the board each view carries, the
/// refusals of a move the variant does not allow, and classic as the default.
@Suite("Variants")
struct VariantGameTests {
    @Test func aGomokuGameBetweenTwoPeopleEndsOnFiveInARowAndCountsInGomokusRatingsAlone() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var game = try await alice.createGame(side: .x, variant: .gomoku)
            #expect(game.variant == .gomoku && game.board.cells.count == 225 && game.activeBoard == nil && game.smallBoards == nil)
            game = try await bob.join(game.id)
            // X along row 8 from h8 (112), O along row 1: X makes five first.
            for (x, o) in zip(112..<117, 0..<4) {
                game = try await alice.move(x, in: game)
                if game.phase == .finished { break }
                game = try await bob.move(o, in: game)
            }
            game = try await alice.move(116, in: game)
            #expect(game.phase == .finished && game.result == GameResult(winner: .x, reason: .line, line: Array(112...116)))
            #expect(game.board.markCount == 9)
            let profile = try await alice.profile()
            #expect(profile.record == .none, "classic's record is untouched")
            let gomoku = try #require(profile.variants?.first { $0.variant == .gomoku && $0.pace == .realTime })
            #expect(gomoku.record.won == 1 && gomoku.rating.value > 1500)
            #expect(try await bob.profile().variants?.first?.record.lost == 1)
            let board = try await alice.leaderboard(variant: .gomoku)
            #expect(board.variant == .gomoku)
        }
    }

    @Test func aMoveOutsideTheBoardOrInTheWrongSmallBoardGetsItsOwnCode() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            var four = try await alice.createGame(side: .x, mode: .passAndPlay, variant: .fourInARow)
            #expect(await refusal { try await alice.move(16, in: four) } == .noSuchCell, "4×4 has cells 0–15")
            four = try await alice.move(15, in: four)
            #expect(four.board.cells[15] == .x)

            var ultimate = try await alice.createGame(side: .x, mode: .passAndPlay, variant: .ultimate)
            #expect(ultimate.activeBoard == nil && ultimate.smallBoards == ".........")
            #expect(await refusal { try await alice.move(81, in: ultimate) } == .noSuchCell)
            // X plays cell 2 of board 0 (grid 2): O is sent to board 2.
            ultimate = try await alice.move(2, in: ultimate)
            #expect(ultimate.activeBoard == 2)
            #expect(await refusal { try await alice.move(40, in: ultimate) } == .wrongBoard)
            #expect(await refusal { try await alice.move(2, in: ultimate) } == .wrongBoard, "taken, but in the wrong board first")
            // Random moves, replayed from a seed, until a player is sent to a closed board.
            var generator = SeededGenerator(seed: 3)
            var local = VariantGame(.ultimate)
            repeat {
                local = try local.playing(index: local.legalMoves.randomElement(using: &generator)!)
            } while local.status == .inProgress && (local.activeBoard != nil || local.smallBoardStatuses.allSatisfy { !$0.isOver })
            ultimate = try await alice.createGame(side: .x, mode: .passAndPlay, variant: .ultimate)
            for cell in local.moves { ultimate = try await alice.move(cell, in: ultimate) }
            #expect(ultimate.activeBoard == nil && ultimate.smallBoards?.contains(where: { $0 != "." }) == true,
                    "sent to a closed board, the player may play in any open one")
            let closed = try #require(local.smallBoardStatuses.firstIndex { $0.isOver })
            #expect(await refusal { try await alice.move(UltimateGrid.index(smallBoard: closed, cell: 4), in: ultimate) } == .closedBoard)
        }
    }

    @Test func theComputerAnswersInEachVariantAsTheGamesNextEvent() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            for variant in [Variant.fourInARow, .gomoku, .ultimate] {
                var game = try await alice.createGame(side: .x, mode: .computer, level: .easy, variant: variant)
                game = try await alice.move(game.variant == .gomoku ? 112 : 0, in: game)
                let id = game.id
                let answered = try await eventually { try await alice.game(id).moves.count == 2 }
                #expect(answered, "the computer played in \(variant)")
                let reply = try await alice.game(id)
                #expect(reply.turn == .x && reply.moves.last?.mark == .o)
                let hint = try await alice.hint(id)
                #expect(hint.source == (variant == .fourInARow ? .solver : .engine))
                #expect(hint.evaluations.map(\.cell) == (try VariantGame(variant, moves: reply.moves.map(\.cell))).legalMoves)
            }
        }
    }

    @Test func playRandomPairsOnlySeekersOfOneVariantAndTheRematchKeepsIt() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), carol = try await server.player("carol")
            let online = [try await alice.goOnline(), try await bob.goOnline(), try await carol.goOnline()]
            let waiting = try await alice.playRandom(variant: .ultimate)
            #expect(waiting.state == .waiting && waiting.variant == .ultimate)
            #expect(try await bob.playRandom().state == .waiting, "a classic seeker waits apart")
            let paired = try await carol.playRandom(variant: .ultimate)
            let game = try #require(paired.game)
            #expect(paired.state == .matched && game.variant == .ultimate)
            let x = game.x?.player?.username == "alice" ? alice : carol, o = x === alice ? carol : alice
            _ = try await x.resign(game.id)
            _ = try await x.offerRematch(game.id)
            let rematch = try await o.offerRematch(game.id)
            let again = try await o.game(try #require(rematch.rematch?.game))
            #expect(again.variant == .ultimate)
            for live in online { await live.close() }
        }
    }

    @Test func aChallengeStartsAGameOfItsVariant() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let online = [try await alice.goOnline(), try await bob.goOnline()]
            let challenge = try await alice.challenge(try await bob.id(), variant: .fourInARow)
            #expect(challenge.variant == .fourInARow)
            let accepted = try await bob.accept(challenge.id)
            #expect(try await bob.game(try #require(accepted.game)).variant == .fourInARow)
            for live in online { await live.close() }
        }
    }

    @Test func aFinishedGameOfAVariantIsReplayedAndExportedInItsNotation() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            var game = try await alice.createGame(side: .x, mode: .passAndPlay, variant: .fourInARow)
            for cell in [0, 4, 1, 5, 2, 6, 3] { game = try await alice.move(cell, in: game) }
            #expect(game.result?.line == [0, 1, 2, 3])
            let replay = try await alice.replay(of: game.id)
            #expect(replay.game.variant == .fourInARow && replay.moves.count == 7)
            #expect(replay.moves.allSatisfy { $0.source == .solver && $0.outcome != nil })
            #expect(replay.moves.last?.verdict == .best && replay.moves.last?.coordinate == "d1")
            #expect(replay.notation.hasPrefix("# Variant: four\n"))
            #expect(try Notation.parse(replay.notation, as: nil).moves == [0, 4, 1, 5, 2, 6, 3])
        }
    }

    @Test func theVariantsAndTheirRulesAreServedWithoutSigningIn() async throws {
        try await withServer { server in
            let variants = try await OXOClient(baseURL: URL(string: server.baseURL)!).variants()
            #expect(variants.map(\.variant) == Variant.allCases)
            #expect(variants.first { $0.variant == .gomoku }.map { ($0.width, $0.height, $0.lineLength) } ?? (0, 0, 0) == (15, 15, 5))
            #expect(variants.allSatisfy { !$0.rules.isEmpty })
        }
    }
}

/// Polls `condition` every 50 ms for up to 10 s.
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    for _ in 0..<200 {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(50))
    }
    return false
}
