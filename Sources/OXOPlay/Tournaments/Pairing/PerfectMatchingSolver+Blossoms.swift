/// Shrinking an odd cycle of tight edges into a blossom, and expanding an inner blossom whose
/// dual has fallen to zero back into its parts.
extension PerfectMatchingSolver {
    /// The outer blossoms from `blossom` up its tree to `ancestor`, `ancestor` left out, and
    /// the inner ones between them.
    func treePath(from blossom: Int, upTo ancestor: Int) -> [Int] {
        var path: [Int] = [], current = blossom
        while current != ancestor {
            let inner = top[labelEdge[current]!.from]
            path += [current, inner]
            current = top[labelEdge[inner]!.from]
        }
        return path
    }

    /// A tight edge between two outer blossoms of one tree closes an odd cycle through their
    /// common ancestor `meeting`: it becomes one outer blossom based where `meeting` is, and its
    /// inner parts' vertices turn outer.
    mutating func shrink(along edge: Edge, meetingAt meeting: Int) {
        let fromSide = treePath(from: top[edge.from], upTo: meeting)
        let toSide = treePath(from: top[edge.to], upTo: meeting)
        // Round the cycle: down from the meeting point to `edge`, across it, back up.
        let cycle = [meeting] + fromSide.reversed() + toSide
        let cycleLinks = fromSide.reversed().map { labelEdge[$0]! } + [edge] + toSide.map { labelEdge[$0]!.reversed }
        let newlyOuter = cycle.filter { label[$0] == .inner }

        let blossom = spareIds.removeLast()
        parts[blossom] = cycle
        links[blossom] = cycleLinks
        members[blossom] = cycle.flatMap { members[$0] }
        base[blossom] = base[meeting]
        blossomDual[blossom] = .zero
        label[blossom] = .outer
        labelEdge[blossom] = labelEdge[meeting]
        bestLink[blossom] = nil
        for part in cycle { parent[part] = blossom }
        for vertex in members[blossom] { top[vertex] = blossom }

        // Parts that were outer already know their closest members; the inner ones learn theirs.
        for part in newlyOuter where part >= count {
            closestMember[part] = closestVertices(among: members[part])
        }
        noteOuterVertices(newlyOuter.flatMap { members[$0] })
        closestMember[blossom] = closestVertices(among: cycle)
        offerLinks(from: blossom)
    }

    /// The neighbour of part `position` of `blossom` one way round its cycle, and the link to it
    /// with `from` in part `position`.
    func step(in blossom: Int, from position: Int, forward: Bool) -> (link: Edge, position: Int) {
        let size = parts[blossom].count
        if forward { return (links[blossom][position], (position + 1) % size) }
        return (links[blossom][position - 1].reversed, position - 1)
    }

    /// From part `position`, the way round to the base part whose first link is matched, which
    /// makes the path from there to the base even-alternating (matched links sit at odd places).
    func forwardIsEven(from position: Int) -> Bool { position % 2 == 1 }

    /// An inner blossom whose dual is zero comes apart. The even-alternating path through its
    /// parts, from the one its tree edge enters to the base part, joins the tree, alternately
    /// inner and outer; the other parts are left unlabelled.
    mutating func expand(_ blossom: Int) {
        let cycle = parts[blossom], entry = labelEdge[blossom]!
        for part in cycle {
            parent[part] = -1
            for vertex in members[part] { top[vertex] = part }
            label[part] = .unlabelled
            labelEdge[part] = nil
        }
        var position = cycle.firstIndex(of: top[entry.to])!
        label[cycle[position]] = .inner
        labelEdge[cycle[position]] = entry
        let forward = forwardIsEven(from: position)
        while position != 0 {
            let (matched, outerPosition) = step(in: blossom, from: position, forward: forward)
            let (unmatched, innerPosition) = step(in: blossom, from: outerPosition, forward: forward)
            label[cycle[outerPosition]] = .outer
            labelEdge[cycle[outerPosition]] = matched
            label[cycle[innerPosition]] = .inner
            labelEdge[cycle[innerPosition]] = unmatched
            becomeOuter(cycle[outerPosition])
            position = innerPosition
        }
        retire(blossom)
    }

    /// Returns a blossom's id to the spares.
    mutating func retire(_ blossom: Int) {
        members[blossom] = []
        parts[blossom] = []
        links[blossom] = []
        closestMember[blossom] = []
        spareIds.append(blossom)
    }
}
