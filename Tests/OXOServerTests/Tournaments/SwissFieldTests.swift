import Foundation
import Testing
import TicTacToe
@testable import OXOPlay

/// Whole Swiss events on generated fields: 2 to 40 players, 3 to 11 rounds, random results,
/// a few missed starts and withdrawals, every round checked against the rules.
@Suite("Swiss events on generated fields keep every rule")
struct SwissFieldTests {
    /// Plays one event and checks each round; returns the colours each player had.
    static func play(players count: Int, seed: UInt64) -> [UUID: [Character]] {
        var random = SeededGenerator(seed: seed &* 1_000 &+ UInt64(count))
        var players = (0..<count).map { _ in
            SwissPlayer(id: UUID(uuid: random.uuidBytes()), rating: Double(Int.random(in: 1200...2200, using: &random)))
        }
        let roundCount = Int.random(in: 3...11, using: &random)
        var rounds: [SwissRound] = [], referee = SwissReferee()
        for number in 1...roundCount {
            let context = Comment(rawValue: "\(count) players, seed \(seed), round \(number)")
            let active = players.filter { !$0.withdrawn && referee.missedStarts[$0.id, default: 0] < 2 }.map(\.id)
            let result = SwissPairing.nextRound(players: players, rounds: rounds)
            let ratings = Dictionary(uniqueKeysWithValues: players.map { ($0.id, $0.rating) })
            check(result, active: active, ratings: ratings, roundsPlayed: rounds.count, referee: referee, context: context)
            var round = result.round
            for index in round.games.indices {
                let xThere = Int.random(in: 0..<40, using: &random) != 0, oThere = Int.random(in: 0..<40, using: &random) != 0
                round.games[index].result = MissedStarts.result(xPresent: xThere, oPresent: oThere)
                    ?? [.xWon, .xWon, .oWon, .draw].randomElement(using: &random)!
            }
            rounds.append(round)
            referee.record(round)
            for index in players.indices where Int.random(in: 0..<60, using: &random) == 0 { players[index].withdrawn = true }
        }
        return referee.colours
    }

    static func check(_ result: SwissPairing.Result, active: [UUID], ratings: [UUID: Double], roundsPlayed: Int,
                      referee: SwissReferee, context: Comment) {
        let round = result.round
        let paired = round.games.flatMap { [$0.x, $0.o] } + [round.bye].compactMap { $0 }
        #expect(paired.count == active.count && Set(paired) == Set(active), "everyone active paired exactly once; \(context)")
        #expect((round.bye != nil) == (active.count % 2 == 1), "a bye only in an odd field; \(context)")
        if let bye = round.bye {
            let everyoneHadOne = active.allSatisfy { referee.byes[$0, default: 0] > 0 }
            #expect(referee.byes[bye, default: 0] == 0 || everyoneHadOne, "at most one bye each; \(context)")
            #expect(result.repeatedBye == (referee.byes[bye, default: 0] > 0), context)
        }
        #expect(result.rematches == round.games.filter { referee.meetings[[$0.x, $0.o], default: 0] > 0 }, context)
        if active.count >= 2 * roundsPlayed + 3 {
            // Each player has met at most `roundsPlayed` others, so (Dirac) the players who
            // have not met form a graph with a Hamiltonian cycle: a pairing without rematches exists.
            #expect(result.rematches.isEmpty, "no rematch when the field allows; \(context)")
        }
        let order = active.sorted { a, b in
            let (pa, pb) = (referee.points[a, default: 0], referee.points[b, default: 0])
            if pa != pb { return pa > pb }
            return ratings[a]! != ratings[b]! ? ratings[a]! > ratings[b]! : a.uuidString < b.uuidString
        }
        let chosen = round.games.reduce(round.bye.map { referee.byeCost($0, ranked: order) } ?? [0, 0, 0, 0, 0]) { total, game in
            var cost = referee.cost(game.x, game.o)
            cost[3] = referee.mustsBroken(x: game.x, o: game.o)
            return referee.add(total, cost)
        }
        if active.count <= 9 {
            #expect(chosen == referee.cheapest(active, ranked: order), "no pairing keeps the rules better; \(context)")
        }
        for (i, first) in round.games.enumerated() {
            for second in round.games[(i + 1)...] {
                let now = referee.add(referee.cost(first.x, first.o), referee.cost(second.x, second.o))
                for swapped in [(first.x, second.x, first.o, second.o), (first.x, second.o, first.o, second.x)] {
                    let other = referee.add(referee.cost(swapped.0, swapped.1), referee.cost(swapped.2, swapped.3))
                    #expect(!other.lexicographicallyPrecedes(now), "no two games could swap partners for the better; \(context)")
                }
            }
        }
    }

    /// Each field plays three events. Besides the rules checked round by round, X and O
    /// stay balanced: the rules forbid three of a colour in a row and being three ahead only
    /// "if avoidable", and on these fields it always was.
    @Test(arguments: 2...40)
    func aFieldOfThisManyPlaysEveryRoundByTheRules(players: Int) {
        for seed in 0..<3 as Range<UInt64> {
            for (_, colours) in Self.play(players: players, seed: seed) {
                let balance = colours.count { $0 == "x" } - colours.count { $0 == "o" }
                #expect(abs(balance) <= 2, "\(String(colours)); \(players) players, seed \(seed)")
                #expect(!String(colours).contains("xxx") && !String(colours).contains("ooo"), "\(String(colours)); seed \(seed)")
            }
        }
    }
}

extension RandomNumberGenerator {
    mutating func uuidBytes() -> uuid_t {
        let (a, b) = (next(), next())
        return withUnsafeBytes(of: (a, b)) { $0.load(as: uuid_t.self) }
    }
}
