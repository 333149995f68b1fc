import Foundation
import Testing
import TicTacToe
@testable import OXOPlay

/// Arena waves on generated fields: dense scores, pairs who just played each other,
/// players whose last opponent has played since, and now and then one whom many just played.
@Suite("Arena waves on generated fields keep every rule")
struct ArenaFieldTests {
    static func field(_ count: Int, seed: UInt64) -> [ArenaPairing.Candidate] {
        var random = SeededGenerator(seed: seed &* 1_000 &+ UInt64(count))
        var field = (0..<count).map { _ in
            ArenaPairing.Candidate(
                id: UUID(uuid: random.uuidBytes()), points: Int.random(in: 0...12, using: &random),
                rating: Double(Int.random(in: 1400...1600, using: &random)), colourBalance: Int.random(in: -1...1, using: &random))
        }
        for index in field.indices where count > 1 {
            let other = Int.random(in: 0..<count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0...2 where other != index && field[other].lastOpponent == nil && field[index].lastOpponent == nil:
                (field[index].lastOpponent, field[other].lastOpponent) = (field[other].id, field[index].id)
                field[other].points = field[index].points + Int.random(in: -2...2, using: &random)
            case 3 where other != index: field[index].lastOpponent = field[other].id
            case 4 where index > 0: field[index].lastOpponent = field[0].id
            default: break
            }
        }
        return field
    }

    /// What a game costs in the rules' tiers: back to back, (waiting), point gap, rating gap.
    static func cost(_ a: ArenaPairing.Candidate, _ b: ArenaPairing.Candidate) -> [Int] {
        [a.lastOpponent == b.id || b.lastOpponent == a.id ? 1 : 0, 0, abs(a.points - b.points), Int(abs(a.rating - b.rating).rounded())]
    }

    /// The least total of all waves of `players`, `ranked` giving the cost of waiting.
    static func cheapest(_ players: [ArenaPairing.Candidate], ranked: [UUID]) -> [Int] {
        guard let first = players.first else { return [0, 0, 0, 0] }
        var best: [Int]?
        func consider(_ total: [Int]) { if best == nil || total.lexicographicallyPrecedes(best!) { best = total } }
        if players.count % 2 == 1 {
            let wait = [0, ranked.count - 1 - ranked.firstIndex(of: first.id)!, 0, 0]
            consider(zip(wait, cheapest(Array(players.dropFirst()), ranked: ranked)).map(+))
        }
        for index in players.indices.dropFirst() {
            var rest = Array(players.dropFirst())
            rest.remove(at: index - 1)
            consider(zip(cost(first, players[index]), cheapest(rest, ranked: ranked)).map(+))
        }
        return best!
    }

    @Test(arguments: 0...60)
    func aWaveOfThisManyFreePlayersIsPairedByTheRules(players count: Int) {
        for seed in 0..<20 as Range<UInt64> {
            let field = Self.field(count, seed: seed), context = Comment(rawValue: "\(count) players, seed \(seed)")
            let wave = ArenaPairing.pair(field)
            let byId = Dictionary(uniqueKeysWithValues: field.map { ($0.id, $0) })
            let paired = wave.games.flatMap { [$0.x, $0.o] } + [wave.waiting].compactMap { $0 }
            #expect(paired.count == count && Set(paired) == Set(byId.keys), "everyone paired once or waiting; \(context)")
            #expect((wave.waiting != nil) == (count % 2 == 1), context)
            #expect(wave.backToBack == wave.games.filter { Self.cost(byId[$0.x]!, byId[$0.o]!)[0] == 1 }, context)
            let ranked = field.sorted { a, b in
                if a.points != b.points { return a.points > b.points }
                return a.rating != b.rating ? a.rating > b.rating : a.id.uuidString < b.id.uuidString
            }.map(\.id)
            var chosen = wave.games.reduce([0, 0, 0, 0]) { zip($0, Self.cost(byId[$1.x]!, byId[$1.o]!)).map(+) }
            if let waiting = wave.waiting { chosen[1] = count - 1 - ranked.firstIndex(of: waiting)! }
            if count <= 10 {
                let best = Self.cheapest(field, ranked: ranked)
                #expect(chosen.prefix(3) == best.prefix(3), "none better on back-to-back, waiting, points; \(context)")
                if count <= ArenaPairing.reach { #expect(chosen == best, "and on ratings, all within reach; \(context)") }
            } else {
                // Each player is barred from at most `barred` others; with that few, Dirac's
                // theorem gives a pairing without a back-to-back game.
                let barred = field.map { player in field.count { Self.cost(player, $0)[0] == 1 } }.max()!
                if count - 2 - barred >= (count - 1) / 2 + 1 { #expect(wave.backToBack.isEmpty, context) }
            }
        }
    }

    @Test func aWaveOfAThousandFreePlayersIsPairedCompletely() {
        let field = Self.field(1_000, seed: 1)
        let wave = ArenaPairing.pair(field)
        #expect(wave.games.count == 500 && wave.waiting == nil && wave.backToBack.isEmpty)
        #expect(Set(wave.games.flatMap { [$0.x, $0.o] }).count == 1_000)
        let points = Dictionary(uniqueKeysWithValues: field.map { ($0.id, $0.points) })
        let gaps = wave.games.map { abs(points[$0.x]! - points[$0.o]!) }
        #expect(gaps.max()! <= 1, "a thousand players on 13 scores: everyone meets their own score or the next")
    }
}
