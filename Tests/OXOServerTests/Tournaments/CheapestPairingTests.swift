import Testing
import TicTacToe
@testable import OXOPlay

/// The blossom matching against every pairing there is, on small fields with costs in tiers.
@Suite("The cheapest pairing is the cheapest of all pairings")
struct CheapestPairingTests {
    /// The least total cost of pairing `players`, trying every pairing.
    static func cheapestByHand(_ players: [Int], cost: (Int, Int) -> PairingCost) -> PairingCost {
        guard let first = players.first else { return .zero }
        var best: PairingCost?
        for index in 1..<players.count {
            var rest = players
            let partner = rest.remove(at: index)
            rest.removeFirst()
            let total = cost(first, partner) + cheapestByHand(rest, cost: cost)
            if best == nil || total < best! { best = total }
        }
        return best!
    }

    static func total(_ partners: [Int], cost: (Int, Int) -> PairingCost) -> PairingCost {
        partners.indices.filter { $0 < partners[$0] }.reduce(.zero) { $0 + cost($1, partners[$1]) }
    }

    @Test(arguments: 0..<300)
    func randomCostsInTiersArePairedAtTheLeastTotal(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let count = 2 * Int.random(in: 1...6, using: &random)
        let spread = Int64([1, 3, 20, 1000].randomElement(using: &random)!)
        var table: [[PairingCost]] = Array(repeating: Array(repeating: .zero, count: count), count: count)
        for i in 0..<count {
            for j in (i + 1)..<count {
                var tiers = SIMD8<Int64>.zero
                for tier in 0..<3 { tiers[tier] = Int64.random(in: 0...spread, using: &random) }
                table[i][j] = PairingCost(tiers: tiers)
                table[j][i] = table[i][j]
            }
        }
        let cost = { (i: Int, j: Int) in table[i][j] }
        let partners = CheapestPairing.partners(count: count, cost: cost)
        #expect(partners.indices.allSatisfy { partners[$0] != $0 && partners[partners[$0]] == $0 }, "everyone paired once")
        #expect(Self.total(partners, cost: cost) == Self.cheapestByHand(Array(0..<count), cost: cost))
    }

    @Test func aLargeFieldIsPairedCompletely() {
        var random = SeededGenerator(seed: 7)
        let count = 60
        let table = (0..<count).map { _ in (0..<count).map { _ in Int64.random(in: 0...50, using: &random) } }
        let partners = CheapestPairing.partners(count: count) { PairingCost(table[min($0, $1)][max($0, $1)], inTier: 1) }
        #expect(partners.indices.allSatisfy { partners[$0] != $0 && partners[partners[$0]] == $0 })
    }

    /// The least total cost of a perfect pairing of `count` players, by dynamic programming over
    /// the sets of players still to pair: the lowest of them is paired with each of the others
    /// in turn. Nothing in common with the blossom algorithm, and exact up to 14 players or so.
    static func cheapestBySubsets(count: Int, cost: (Int, Int) -> PairingCost) -> PairingCost {
        var least = [PairingCost?](repeating: nil, count: 1 << count)
        least[0] = .zero
        for set in 1..<(1 << count) where set.nonzeroBitCount % 2 == 0 {
            let first = set.trailingZeroBitCount
            for second in (first + 1)..<count where set & (1 << second) != 0 {
                guard let rest = least[set & ~(1 << first) & ~(1 << second)] else { continue }
                let total = rest + cost(first, second)
                if least[set] == nil || total < least[set]! { least[set] = total }
            }
        }
        return least[(1 << count) - 1]!
    }

    /// How the random costs are drawn.
    enum Costs: CaseIterable {
        /// One tier, amounts 0...2: ties everywhere.
        case fewValues
        /// One tier, amounts spread wide, negative too.
        case wideRange
        /// Rare rematches in tier 0 over small and wider amounts in tiers 1, 2 and 5.
        case tiers

        func draw(using random: inout SeededGenerator) -> PairingCost {
            switch self {
            case .fewValues: return PairingCost(Int64.random(in: 0...2, using: &random), inTier: 1)
            case .wideRange: return PairingCost(Int64.random(in: -1_000_000...1_000_000, using: &random), inTier: 1)
            case .tiers:
                var tiers = SIMD8<Int64>.zero
                tiers[0] = Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0
                tiers[1] = Int64.random(in: 0...3, using: &random)
                tiers[2] = Int64.random(in: 0...40, using: &random)
                tiers[5] = Int64.random(in: -5...5, using: &random)
                return PairingCost(tiers: tiers)
            }
        }
    }

    static func randomTable(count: Int, costs: Costs, seed: UInt64) -> [[PairingCost]] {
        var random = SeededGenerator(seed: seed)
        var table = Array(repeating: Array(repeating: PairingCost.zero, count: count), count: count)
        for i in 0..<count {
            for j in (i + 1)..<count {
                table[i][j] = costs.draw(using: &random)
                table[j][i] = table[i][j]
            }
        }
        return table
    }

    static func isPerfect(_ partners: [Int], count: Int) -> Bool {
        partners.count == count && partners.indices.allSatisfy {
            (0..<count).contains(partners[$0]) && partners[$0] != $0 && partners[partners[$0]] == $0
        }
    }

    /// 200 seeded fields for each size and way of drawing costs: 4,200 in all.
    @Test(arguments: Costs.allCases, [2, 4, 6, 8, 10, 12, 14])
    func randomFieldsArePairedAtTheExhaustiveOptimum(costs: Costs, count: Int) {
        for seed in 0..<200 {
            let table = Self.randomTable(count: count, costs: costs, seed: UInt64(count * 1_000 + seed))
            let cost = { (i: Int, j: Int) in table[i][j] }
            let partners = CheapestPairing.partners(count: count, cost: cost)
            #expect(Self.isPerfect(partners, count: count), "seed \(seed)")
            #expect(Self.total(partners, cost: cost) == Self.cheapestBySubsets(count: count, cost: cost), "seed \(seed)")
        }
    }

    /// Two triangles of free pairs, dear between them but for one bridge: each triangle is an
    /// odd cycle that must be shrunk, and the answer must use the bridge.
    @Test func twoCheapTrianglesArePairedAcrossTheirBridge() {
        let triangles: Set<Set<Int>> = [[0, 1], [1, 2], [0, 2], [3, 4], [4, 5], [3, 5]]
        let partners = CheapestPairing.partners(count: 6) { i, j in
            if triangles.contains([i, j]) { return .zero }
            return PairingCost(Set([i, j]) == [2, 3] ? 5 : 10, inTier: 1)
        }
        #expect(partners[2] == 3 && partners[3] == 2)
        #expect(Self.isPerfect(partners, count: 6))
    }

    /// Three free triangles joined in a ring by cheap pairs (a blossom of blossoms), and a tenth
    /// player cheap only beside one vertex, which forces the nested blossom open there.
    @Test(arguments: 0..<9)
    func nestedBlossomsOpenWhereTheyMust(anchor: Int) {
        func cost(_ i: Int, _ j: Int) -> PairingCost {
            let (low, high) = (min(i, j), max(i, j))
            if high == 9 { return PairingCost(low == anchor ? 5 : 40, inTier: 1) }
            if low / 3 == high / 3 { return .zero }
            let ring: Set<Set<Int>> = [[2, 3], [5, 6], [8, 0]]
            return PairingCost(ring.contains([low, high]) ? 1 : 20, inTier: 1)
        }
        let partners = CheapestPairing.partners(count: 10, cost: cost)
        #expect(Self.isPerfect(partners, count: 10))
        #expect(partners[9] == anchor)
        #expect(Self.total(partners, cost: cost) == Self.cheapestBySubsets(count: 10, cost: cost))
    }

    /// A late round: every pair but one hidden pairing is a rematch, and that one pairing is
    /// found, whatever the lesser tiers would rather.
    @Test(arguments: [16, 50, 120])
    func theOneRematchFreePairingIsFound(count: Int) {
        var random = SeededGenerator(seed: UInt64(count))
        let order = (0..<count).shuffled(using: &random)
        var hidden = [Int](repeating: 0, count: count)
        for index in stride(from: 0, to: count, by: 2) {
            (hidden[order[index]], hidden[order[index + 1]]) = (order[index + 1], order[index])
        }
        let table = Self.randomTable(count: count, costs: .fewValues, seed: UInt64(count))
        let partners = CheapestPairing.partners(count: count) { i, j in
            table[i][j] + PairingCost(hidden[i] == j ? 0 : 1, inTier: 0)
        }
        #expect(partners == hidden)
    }
}
