/// Taking an augmenting path: a tight edge between two trees, down each tree to its root,
/// through the blossoms on the way. Every matched edge on it becomes unmatched and every
/// unmatched one matched, so two more vertices (the roots' bases) are matched.
extension PerfectMatchingSolver {
    mutating func augment(along edge: Edge) {
        for (end, other) in [(edge.from, edge.to), (edge.to, edge.from)] {
            // `vertex`, in the outer blossom `outer`, is to be matched to `partner`.
            var (vertex, partner, outer) = (end, other, top[end])
            while true {
                makeBase(outer, vertex)
                mate[vertex] = partner
                guard let matched = labelEdge[outer] else { break }
                // Down through the inner blossom above to the outer one above that.
                let inner = top[matched.from], entry = labelEdge[inner]!
                makeBase(inner, entry.to)
                mate[entry.to] = entry.from
                (vertex, partner, outer) = (entry.from, entry.to, top[entry.from])
            }
        }
    }

    /// Rematches the inside of `blossom` so that `vertex` is its base, free to be matched
    /// outside: the even-alternating path round the cycle from `vertex`'s part to the base part
    /// is flipped, each part on it rebased at the end of its newly matched link, and the cycle
    /// turned so that `vertex`'s part comes first.
    mutating func makeBase(_ blossom: Int, _ vertex: Int) {
        guard blossom >= count else { return }
        var part = vertex
        while parent[part] != blossom { part = parent[part] }
        let start = parts[blossom].firstIndex(of: part)!
        makeBase(part, vertex)
        let forward = forwardIsEven(from: start)
        var position = start
        while position != 0 {
            // The first link is matched and turns unmatched; the second turns matched.
            let (_, middle) = step(in: blossom, from: position, forward: forward)
            let (link, next) = step(in: blossom, from: middle, forward: forward)
            makeBase(parts[blossom][middle], link.from)
            makeBase(parts[blossom][next], link.to)
            mate[link.from] = link.to
            mate[link.to] = link.from
            position = next
        }
        parts[blossom] = Array(parts[blossom][start...] + parts[blossom][..<start])
        links[blossom] = Array(links[blossom][start...] + links[blossom][..<start])
        base[blossom] = vertex
    }
}
