import Foundation
import Testing
import TicTacToe

/// Long matches that measure the searched players: 200 games each, seeded, the sides
/// alternating who starts. Run them in a release build:
/// `OXO_STRENGTH_TESTS=1 swift test -c release --filter StrengthTests`.
@Suite(
    "Strength of the searched players", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["OXO_STRENGTH_TESTS"] == "1",
             "long matches: set OXO_STRENGTH_TESTS=1 and run in a release build")
)
struct StrengthTests {
    struct Result: CustomStringConvertible {
        var wins = 0, draws = 0, losses = 0
        /// The strong player's slowest move in processor time, which is what one core spends
        /// on it however busy the machine, and in wall-clock time, which a busy machine stretches.
        var slowestMoveCPU = 0.0, slowestMoveWall = 0.0
        var description: String {
            "\(wins) won, \(draws) drawn, \(losses) lost; slowest strong move "
                + "\(Int(slowestMoveCPU * 1000)) ms of processor time (\(Int(slowestMoveWall * 1000)) ms on the clock)"
        }
    }

    /// Seconds of processor time this thread has used.
    static func threadTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `games` games of the strong level against `opponent` (a level, or nil for a random
    /// mover), the strong level starting every other game.
    func match(_ variant: Variant, against opponent: Level?, games: Int) throws -> Result {
        var result = Result()
        let strong = ComputerPlayer(level: .hard)
        for number in 0..<games {
            var generator = SeededGenerator(seed: UInt64(number))
            let strongMark: Mark = number.isMultiple(of: 2) ? .x : .o
            var game = VariantGame(variant)
            while let turn = game.turn {
                var move: Int?
                if turn == strongMark {
                    let (cpu, wall) = (Self.threadTime(), Date())
                    move = strong.move(in: game, using: &generator)
                    result.slowestMoveCPU = max(result.slowestMoveCPU, Self.threadTime() - cpu)
                    result.slowestMoveWall = max(result.slowestMoveWall, Date().timeIntervalSince(wall))
                } else {
                    move = opponent.map { ComputerPlayer(level: $0).move(in: game, using: &generator)! }
                        ?? game.legalMoves.randomElement(using: &generator)
                }
                game = try game.playing(index: move!)
            }
            switch game.status.winner {
            case strongMark: result.wins += 1
            case nil: result.draws += 1
            default: result.losses += 1
            }
        }
        return result
    }

    @Test(arguments: [Variant.gomoku, .ultimate])
    func strongBeatsARandomMover(variant: Variant) throws {
        let result = try match(variant, against: nil, games: 200)
        print("\(variant) strong against random: \(result)")
        #expect(result.slowestMoveCPU < 1, "a strong move within a second of one core")
        #expect(result.wins >= 190, "at least 95 %")
    }

    @Test(arguments: [Variant.gomoku, .ultimate])
    func strongBeatsMedium(variant: Variant) throws {
        let result = try match(variant, against: .medium, games: 200)
        print("\(variant) strong against medium: \(result)")
        #expect(result.slowestMoveCPU < 1, "a strong move within a second of one core")
        #expect(result.wins >= 140, "at least 70 %")
    }
}
