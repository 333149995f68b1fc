/// The pairing of an even number of players, everyone with someone, whose total cost is the
/// least there is: a minimum-cost perfect matching of the complete graph on the players.
///
/// It is found exactly, because a greedy pairing or a search with a give-up point can miss the
/// one rematch-free pairing a late Swiss round has. The method is Edmonds' primal–dual blossom
/// algorithm (J. Edmonds, "Paths, trees, and flowers" and "Maximum matching and a polyhedron
/// with 0,1-vertices", 1965), in the O(n³) organisation of H. N. Gabow (1976) and E. L. Lawler
/// (Combinatorial Optimization, 1976), as surveyed by Z. Galil ("Efficient algorithms for
/// finding maximum matching in graphs", ACM Computing Surveys, 1986) and set out as the
/// "Weighted Matching Algorithm" in B. Korte and J. Vygen, Combinatorial Optimization:
///
/// - Every vertex and every odd set of vertices shrunk into a blossom carries a dual value; an
///   edge's slack is its cost less the duals of its ends and of the blossoms it leaves. Slacks
///   never go negative, and only edges of slack zero ("tight") are used.
/// - Each stage grows alternating trees from every unmatched vertex at once, labelling blossoms
///   outer (even distance from a root) or inner, and changes the duals by the largest amount that
///   keeps them feasible: outer up, inner down. That makes one more edge tight or one inner
///   blossom's dual zero, and the stage acts on it: a tight edge to an unlabelled blossom grows a
///   tree; one between two outer blossoms of the same tree shrinks the odd cycle into a blossom;
///   one between two trees is an augmenting path, which ends the stage; an inner blossom whose
///   dual reaches zero is expanded into its parts.
/// - Each vertex remembers its least-slack outer vertex, and each outer blossom its least-slack
///   edge to another outer blossom, so finding the next change is O(n) rather than a scan of all
///   edges: O(n) events a stage at O(n) each, n/2 stages, O(n³) in all.
///
/// Costs are vectors of tiers compared one after the other, which the algorithm allows: it needs
/// only to add, subtract, compare and halve. (On a release build, pairing 100 players takes
/// about 4 ms of CPU, 200 about 30 ms, 400 about 250 ms.)
enum CheapestPairing {
    /// The partner of each of `count` players (even), pairing them at the least total `cost`.
    static func partners(count: Int, cost: (Int, Int) -> PairingCost) -> [Int] {
        precondition(count % 2 == 0, "an odd field is made even with a bye or a wait before pairing")
        guard count > 0 else { return [] }
        var solver = PerfectMatchingSolver(count: count, cost: cost)
        return solver.solve()
    }
}
