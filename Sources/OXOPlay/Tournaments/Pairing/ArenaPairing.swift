import Foundation

/// Pairs a wave of an arena: the players free right now (just finished, or just joined).
/// The rules, the first outweighing all after it:
/// 1. **No back-to-back games**: never the opponent a player has just played (theirs, or
///    whom they just played) while someone else is free. With only the two of them free,
///    they play again, and the wave says so.
/// 2. **One waits**: when an odd number are free, the lowest-ranked player (by points, then
///    rating) waits for the next wave, unless that would force a back-to-back game.
/// 3. **Near in points**: the point gaps within games add up to the least they can.
/// 4. **Near in rating**: then the rating gaps do.
///
/// X goes to the player who has moved first less often in this arena (X games minus O
/// games); when that is level, to the lower-ranked of the two.
///
/// Ranked by points and rating, the nearest pairing pairs players close in that order, so
/// the wave is found by dynamic programming over the ranked list, each player meeting one of
/// the next `reach - 1` (linear in the field: under a millisecond for 1,000 players). Only
/// when that leaves a back-to-back game is the whole field paired exactly
/// (`CheapestPairing`, O(n³): about a quarter of a second of CPU for 400 players), to find a pairing
/// without one if there is any. In a running arena that is for small waves only: every wave
/// pairs everyone free but one, so the players who just played a given player are that
/// opponent and at most the one who waited, and the fast path steps round them.
package enum ArenaPairing {
    /// A free player.
    package struct Candidate: Hashable, Sendable {
        package let id: UUID
        package var points: Int
        package var rating: Double
        /// Whom they played last in this arena; nil before their first game.
        package var lastOpponent: UUID?
        /// Games they had X minus games they had O, in this arena.
        package var colourBalance = 0

        package init(id: UUID, points: Int, rating: Double, lastOpponent: UUID? = nil, colourBalance: Int = 0) {
            (self.id, self.points, self.rating) = (id, points, rating)
            (self.lastOpponent, self.colourBalance) = (lastOpponent, colourBalance)
        }
    }

    /// A game to start.
    package struct Pair: Hashable, Sendable {
        package let x: UUID
        package let o: UUID
    }

    package struct Wave: Hashable, Sendable {
        /// The games to start, the highest-ranked player's first.
        package var games: [Pair]
        /// Left over in an odd wave; paired in the next.
        package var waiting: UUID?
        /// Games between players who have just played each other: only when nobody else is free.
        package var backToBack: [Pair]
    }

    /// How many places down the ranked list a player looks for an opponent.
    static let reach = 6

    package static func pair(_ free: [Candidate]) -> Wave {
        let ranked = free.sorted { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.rating != b.rating { return a.rating > b.rating }
            return a.id.uuidString < b.id.uuidString
        }
        var partner = nearest(ranked)
        if partner.indices.contains(where: { partner[$0] > $0 && backToBack(ranked[$0], ranked[partner[$0]]) }) {
            partner = exact(ranked)
        }
        var wave = Wave(games: [], waiting: nil, backToBack: [])
        for (i, j) in partner.enumerated() {
            if j == -1 { wave.waiting = ranked[i].id }
            guard j > i else { continue }
            let (higher, lower) = (ranked[i], ranked[j])
            let game = higher.colourBalance < lower.colourBalance ? Pair(x: higher.id, o: lower.id) : Pair(x: lower.id, o: higher.id)
            wave.games.append(game)
            if backToBack(higher, lower) { wave.backToBack.append(game) }
        }
        return wave
    }

    static func backToBack(_ a: Candidate, _ b: Candidate) -> Bool { a.lastOpponent == b.id || b.lastOpponent == a.id }

    /// What the game of ranked players i and j (i above j) costs, in the tiers of the rules.
    static func cost(_ ranked: [Candidate], _ i: Int, _ j: Int) -> PairingCost {
        let (a, b) = (ranked[i], ranked[j])
        return PairingCost(tiers: [
            backToBack(a, b) ? 1 : 0, 0, Int64(abs(a.points - b.points)), Int64(abs(a.rating - b.rating).rounded()), 0, 0, 0, 0,
        ])
    }

    /// What ranked player i waiting costs: the higher they rank, the more.
    static func waitCost(_ ranked: [Candidate], _ i: Int) -> PairingCost { PairingCost(Int64(ranked.count - 1 - i), inTier: 1) }

    /// The whole field paired exactly, a waiting player pairing with a stand-in.
    static func exact(_ ranked: [Candidate]) -> [Int] {
        let odd = ranked.count % 2 == 1
        let partners = CheapestPairing.partners(count: ranked.count + (odd ? 1 : 0)) { i, j in
            j == ranked.count ? waitCost(ranked, i) : cost(ranked, i, j)
        }
        return Array(partners.prefix(ranked.count).map { $0 == ranked.count ? -1 : $0 })
    }
}
