/// What a pairing costs, in tiers compared one after the other: tier 0 outweighs any amount of
/// tier 1, and so on. Pairing rules are priorities ("no rematch" before "near in score" before
/// "colours"), and one weighted number would need factors that overflow on large fields;
/// tiers compare exactly at any size. Swiss and arena name their own tiers.
struct PairingCost: Comparable, Hashable, Sendable {
    /// The amounts, most important first.
    var tiers: SIMD8<Int64>

    static let zero = PairingCost(tiers: .zero)

    init(tiers: SIMD8<Int64>) { self.tiers = tiers }

    /// A cost of `amount` in tier `tier` alone.
    init(_ amount: Int64, inTier tier: Int) {
        tiers = .zero
        tiers[tier] = amount
    }

    static func < (lhs: PairingCost, rhs: PairingCost) -> Bool {
        for tier in 0..<8 where lhs.tiers[tier] != rhs.tiers[tier] {
            return lhs.tiers[tier] < rhs.tiers[tier]
        }
        return false
    }

    static func + (lhs: PairingCost, rhs: PairingCost) -> PairingCost { PairingCost(tiers: lhs.tiers &+ rhs.tiers) }
    static func - (lhs: PairingCost, rhs: PairingCost) -> PairingCost { PairingCost(tiers: lhs.tiers &- rhs.tiers) }
    static func += (lhs: inout PairingCost, rhs: PairingCost) { lhs = lhs + rhs }
    static func -= (lhs: inout PairingCost, rhs: PairingCost) { lhs = lhs - rhs }

    /// Half of this, tier by tier: exact when every tier is even, as the matching's halved slacks
    /// are (see `PerfectMatchingSolver`).
    var halved: PairingCost { PairingCost(tiers: tiers / 2) }
}
