/// Edmonds' primal–dual algorithm for a minimum-cost perfect matching of a complete graph; the
/// method and its sources are described at `CheapestPairing`.
///
/// Blossoms are numbered: 0..<count are the vertices themselves (trivial blossoms), and
/// count..<2·count are ids for the non-trivial ones, of which there are never more than
/// count / 2 at once. Rather than a dual per vertex and per blossom, each vertex keeps its
/// `potential`: its own dual plus those of all blossoms round it. A blossom round one end of an
/// edge between two top-level blossoms never holds the other end, so the edge's slack is simply
/// its cost less the two potentials; edges inside a blossom are never looked at.
///
/// Halving a slack between two outer vertices is exact, tier by tier, because costs are
/// doubled and all potentials start equal: a tight edge, of even cost, joins potentials of equal
/// parity; every vertex in a tree is joined to its root by tight edges and moves with it; and the
/// roots, the unmatched vertices, are outer in every stage and so all move together. So two
/// outer vertices' potentials have one parity, and the slack between them is even.
struct PerfectMatchingSolver {
    enum Label { case unlabelled, outer, inner }

    /// An edge as its two ends; where it leads into a blossom, `to` is the end inside.
    struct Edge {
        var from: Int, to: Int
        var reversed: Edge { Edge(from: to, to: from) }
    }

    /// What a change of duals brings about, once made.
    enum Event {
        case grow(Edge), join(Edge), expand(Int)
    }

    let count: Int
    /// Twice each pair's cost, row by row: `cost[u * count + v]`.
    let cost: [PairingCost]
    /// Each vertex's dual plus the duals of all blossoms containing it.
    var potential: [PairingCost]
    /// Each vertex's partner, or -1 while it has none.
    var mate: [Int]

    /// The top-level blossom holding each vertex.
    var top: [Int]
    /// The blossom directly holding each blossom, or -1 at the top.
    var parent: [Int]
    /// Every vertex in each blossom; empty for an unused id.
    var members: [[Int]]
    /// The parts of each non-trivial blossom round its odd cycle, the part with the base first.
    var parts: [[Int]]
    /// `links[b][i]` joins part i to part i + 1 (cyclically), `from` in part i. Links at odd
    /// positions are matched, so the cycle is even-alternating from the base both ways.
    var links: [[Edge]]
    /// The one vertex of each blossom that may be matched outside it.
    var base: [Int]
    /// The dual of each non-trivial blossom: never negative.
    var blossomDual: [PairingCost]
    /// Ids free for new blossoms.
    var spareIds: [Int]

    // The trees of the current stage.
    var label: [Label]
    /// The edge by which a top-level blossom joined its tree (nil for a root): unmatched for an
    /// inner blossom, its matched edge for an outer one.
    var labelEdge: [Edge?]
    /// For a vertex that is not outer, the outer vertex with the least slack to it, or -1.
    var nearestOuter: [Int]
    /// The slack to that vertex, kept up to date as duals change rather than recomputed.
    var nearestSlack: [PairingCost]
    /// For each non-trivial outer blossom, its vertex with the least slack to each vertex. All
    /// of a blossom's potentials change together, so this stays true as duals change.
    var closestMember: [[Int]]
    /// For each outer blossom, its least-slack edge to another outer blossom, `from` inside.
    var bestLink: [Edge?]
    /// The slack of that edge, kept up to date as duals change.
    var bestLinkSlack: [PairingCost]
    /// Marks for finding where two tree paths meet.
    var visited: [Int], visit = 0

    init(count: Int, cost: (Int, Int) -> PairingCost) {
        self.count = count
        var doubled = [PairingCost](repeating: .zero, count: count * count)
        var least = cost(0, 1)
        for u in 0..<count {
            for v in (u + 1)..<count {
                let amount = cost(u, v)
                least = min(least, amount)
                doubled[u * count + v] = amount + amount
                doubled[v * count + u] = amount + amount
            }
        }
        self.cost = doubled
        // Every potential at the least cost (half the least doubled cost): no slack is negative.
        potential = Array(repeating: least, count: count)
        mate = Array(repeating: -1, count: count)
        top = Array(0..<count)
        parent = Array(repeating: -1, count: 2 * count)
        members = (0..<2 * count).map { $0 < count ? [$0] : [] }
        parts = Array(repeating: [], count: 2 * count)
        links = Array(repeating: [], count: 2 * count)
        base = (0..<2 * count).map { $0 < count ? $0 : -1 }
        blossomDual = Array(repeating: .zero, count: 2 * count)
        spareIds = Array((count..<2 * count).reversed())
        label = Array(repeating: .unlabelled, count: 2 * count)
        labelEdge = Array(repeating: nil, count: 2 * count)
        nearestOuter = Array(repeating: -1, count: count)
        nearestSlack = Array(repeating: .zero, count: count)
        closestMember = Array(repeating: [], count: 2 * count)
        bestLink = Array(repeating: nil, count: 2 * count)
        bestLinkSlack = Array(repeating: .zero, count: 2 * count)
        visited = Array(repeating: 0, count: 2 * count)
    }

    /// The slack of the edge between vertices `u` and `v` in different top-level blossoms.
    @inline(__always) func slack(_ u: Int, _ v: Int) -> PairingCost {
        cost[u * count + v] - potential[u] - potential[v]
    }

    @inline(__always) func slack(_ edge: Edge) -> PairingCost { slack(edge.from, edge.to) }

    /// Each stage matches two more vertices, so count / 2 stages match them all.
    mutating func solve() -> [Int] {
        for _ in 0..<count / 2 { runStage() }
        return mate
    }

    /// Grows trees from all unmatched vertices until an augmenting path appears, and takes it.
    mutating func runStage() {
        startTrees()
        while true {
            let (change, event) = nextEvent()
            if change != .zero { adjustDuals(by: change) }
            switch event {
            case .grow(let edge): grow(along: edge)
            case .expand(let blossom): expand(blossom)
            case .join(let edge):
                if let meeting = commonAncestor(top[edge.from], top[edge.to]) {
                    shrink(along: edge, meetingAt: meeting)
                } else {
                    augment(along: edge)
                    return
                }
            }
        }
    }

    /// The least dual change that makes something happen, and what it makes happen. An unmatched
    /// vertex is always outer and the graph is complete, so two outer blossoms always exist.
    func nextEvent() -> (PairingCost, Event) {
        var best: (change: PairingCost, event: Event)?
        func consider(_ change: PairingCost, _ event: @autoclosure () -> Event) {
            if best == nil || change < best!.change { best = (change, event()) }
        }
        for vertex in 0..<count {
            let blossom = top[vertex]
            if label[blossom] == .unlabelled {
                assert(nearestSlack[vertex] == slack(nearestOuter[vertex], vertex), "recorded slack drifted")
                consider(nearestSlack[vertex], .grow(Edge(from: nearestOuter[vertex], to: vertex)))
            }
            guard base[blossom] == vertex else { continue }
            if label[blossom] == .outer, let link = bestLink[blossom] {
                // Both ends rise, so half the slack is change enough; the slack is even (see above).
                assert(bestLinkSlack[blossom] == slack(link) && bestLinkSlack[blossom].tiers % 2 == .zero)
                consider(bestLinkSlack[blossom].halved, .join(link))
            } else if label[blossom] == .inner, blossom >= count {
                consider(blossomDual[blossom], .expand(blossom))
            }
        }
        return best!
    }

    /// Raises outer potentials and lowers inner ones by `change`, with the blossom duals that
    /// make them up, which keeps tree edges and edges inside blossoms as tight as they were.
    /// Recorded slacks follow: from the trees to an unlabelled vertex they shrink by `change`,
    /// to an inner one they stay, and between two outer blossoms they shrink by twice `change`.
    mutating func adjustDuals(by change: PairingCost) {
        for vertex in 0..<count {
            switch label[top[vertex]] {
            case .outer: potential[vertex] += change
            case .inner: potential[vertex] -= change
            case .unlabelled: nearestSlack[vertex] -= change
            }
        }
        for blossom in 0..<2 * count where !members[blossom].isEmpty && parent[blossom] == -1 {
            switch label[blossom] {
            case .outer:
                if blossom >= count { blossomDual[blossom] += change }
                bestLinkSlack[blossom] -= change + change
            case .inner:
                if blossom >= count { blossomDual[blossom] -= change }
            case .unlabelled: break
            }
        }
    }
}
