/// Growing the stage's trees, and the least-slack records that let each next event be found in
/// O(n), and the walk up the trees. A vertex turns outer at most once a stage, at O(n) each time.
extension PerfectMatchingSolver {
    /// Clears last stage's labels and roots a tree at every top-level blossom whose base is
    /// unmatched.
    mutating func startTrees() {
        for id in 0..<2 * count {
            label[id] = .unlabelled
            labelEdge[id] = nil
            bestLink[id] = nil
        }
        for vertex in 0..<count { nearestOuter[vertex] = -1 }
        for vertex in 0..<count where mate[vertex] == -1 && base[top[vertex]] == vertex {
            label[top[vertex]] = .outer
            becomeOuter(top[vertex])
        }
    }

    /// An outer vertex's tight edge to an unlabelled blossom: that blossom is inner, and its
    /// partner (unlabelled too, since labels come in matched pairs) outer.
    mutating func grow(along edge: Edge) {
        let inner = top[edge.to]
        label[inner] = .inner
        labelEdge[inner] = edge
        let partner = mate[base[inner]]
        let outer = top[partner]
        label[outer] = .outer
        labelEdge[outer] = Edge(from: base[inner], to: partner)
        becomeOuter(outer)
    }

    /// Records for a top-level blossom just labelled outer, none of whose vertices was outer.
    mutating func becomeOuter(_ blossom: Int) {
        if blossom >= count { closestMember[blossom] = closestVertices(among: members[blossom]) }
        noteOuterVertices(members[blossom])
        offerLinks(from: blossom)
    }

    /// The vertex of `blossom` (outer, or trivial) with the least slack to `vertex`.
    @inline(__always) func closest(in blossom: Int, to vertex: Int) -> Int {
        blossom < count ? blossom : closestMember[blossom][vertex]
    }

    /// For each vertex, the vertex with the least slack to it among those of `parts` (blossoms
    /// that `closest` can answer for); meaningful for vertices outside all the parts.
    func closestVertices(among parts: [Int]) -> [Int] {
        var closestVertex = [Int](repeating: -1, count: count)
        var least = [PairingCost](repeating: .zero, count: count)
        for part in parts {
            for vertex in 0..<count {
                let candidate = closest(in: part, to: vertex)
                let candidateSlack = slack(candidate, vertex)
                if closestVertex[vertex] == -1 || candidateSlack < least[vertex] {
                    closestVertex[vertex] = candidate
                    least[vertex] = candidateSlack
                }
            }
        }
        return closestVertex
    }

    /// Keeps every vertex that is not outer pointing at its least-slack outer vertex, now that
    /// `vertices` are outer. (Inner vertices need it too: an expanded inner blossom leaves parts
    /// unlabelled, and these must know how near the trees are.) Row by row, for the cache.
    mutating func noteOuterVertices(_ vertices: [Int]) {
        let notOuter = (0..<count).filter { label[top[$0]] != .outer }
        for outer in vertices {
            for vertex in notOuter {
                let candidate = slack(outer, vertex)
                if nearestOuter[vertex] == -1 || candidate < nearestSlack[vertex] {
                    nearestOuter[vertex] = outer
                    nearestSlack[vertex] = candidate
                }
            }
        }
    }

    /// Offers each edge from the outer blossom `blossom` to another outer blossom as the best
    /// link of either: taking, for each outer vertex outside, the closest vertex inside.
    mutating func offerLinks(from blossom: Int) {
        for vertex in 0..<count {
            let other = top[vertex]
            guard other != blossom, label[other] == .outer else { continue }
            let edge = Edge(from: closest(in: blossom, to: vertex), to: vertex)
            let edgeSlack = slack(edge)
            if bestLink[blossom] == nil || edgeSlack < bestLinkSlack[blossom] {
                (bestLink[blossom], bestLinkSlack[blossom]) = (edge, edgeSlack)
            }
            if bestLink[other] == nil || edgeSlack < bestLinkSlack[other] {
                (bestLink[other], bestLinkSlack[other]) = (edge.reversed, edgeSlack)
            }
        }
    }

    /// The outer blossom next up the tree from the outer blossom `blossom`, or nil at a root.
    func outerParent(of blossom: Int) -> Int? {
        guard let matched = labelEdge[blossom] else { return nil }
        return top[labelEdge[top[matched.from]]!.from]
    }

    /// Where the tree paths up from two outer blossoms meet, or nil if they are in two trees.
    /// The paths are walked a step each in turn, so neither walks far past the meeting point.
    mutating func commonAncestor(_ first: Int, _ second: Int) -> Int? {
        visit += 1
        var (walking, waiting): (Int?, Int?) = (first, second)
        while walking != nil || waiting != nil {
            if let blossom = walking {
                if visited[blossom] == visit { return blossom }
                visited[blossom] = visit
                walking = outerParent(of: blossom)
            }
            swap(&walking, &waiting)
        }
        return nil
    }
}
