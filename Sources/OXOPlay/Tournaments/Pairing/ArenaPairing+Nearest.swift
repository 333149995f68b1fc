/// The fast path of an arena wave: dynamic programming over the ranked list, where each
/// player meets one of the next `reach - 1` players (or waits). The state at a place is which
/// of the places from it to `reach - 1` after it are taken already and whether someone has waited, so a wave
/// of n players costs n × 2^reach × 2 × reach steps: linear, and exact among such pairings.
extension ArenaPairing {
    /// The partner of each ranked player (-1 for the one who waits) in the cheapest pairing
    /// in which nobody meets a player more than `reach - 1` places away.
    static func nearest(_ ranked: [Candidate]) -> [Int] {
        let count = ranked.count, states = 2 << reach, odd = count % 2 == 1
        let unreachable = PairingCost(Int64.max / 4, inTier: 0)
        var best = Array(repeating: unreachable, count: states)
        best[0] = .zero
        // For each place and state reached after it: the state it came from and the move
        // made there (0 the place was taken, -1 its player waits, k it meets the k-th next).
        var from = Array(repeating: Int16(0), count: count * states)
        var move = Array(repeating: Int8(0), count: count * states)
        var next = best
        for place in 0..<count {
            let meeting = (0..<reach).map { k in k > 0 && place + k < count ? cost(ranked, place, place + k) : unreachable }
            let waiting = waitCost(ranked, place)
            for target in next.indices { next[target] = unreachable }
            func offer(_ target: Int, _ total: PairingCost, from state: Int, move step: Int) {
                guard total < next[target] else { return }
                next[target] = total
                from[place * states + target] = Int16(state)
                move[place * states + target] = Int8(step)
            }
            for state in 0..<states where best[state] < unreachable {
                let taken = state >> 1, waited = state & 1
                if taken & 1 == 1 {
                    offer((taken >> 1) << 1 | waited, best[state], from: state, move: 0)
                    continue
                }
                if odd && waited == 0 { offer((taken >> 1) << 1 | 1, best[state] + waiting, from: state, move: -1) }
                for k in 1..<reach where place + k < count && taken & (1 << k) == 0 {
                    offer(((taken | 1 << k) >> 1) << 1 | waited, best[state] + meeting[k], from: state, move: k)
                }
            }
            swap(&best, &next)
        }
        var partner = Array(repeating: -1, count: count)
        var state = odd ? 1 : 0
        for place in stride(from: count - 1, through: 0, by: -1) {
            let step = Int(move[place * states + state])
            if step > 0 {
                partner[place] = place + step
                partner[place + step] = place
            }
            state = Int(from[place * states + state])
        }
        return partner
    }
}
