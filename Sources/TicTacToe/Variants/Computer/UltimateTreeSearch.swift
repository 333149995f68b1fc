/// The computer player's search for Ultimate: Monte Carlo tree search. Each playout walks
/// down the tree choosing by UCB1 (the child's share of wins plus a bonus for being little
/// tried), adds one new position, plays random moves from there to the end and credits
/// the result to every position on the way. The most tried move is played. Ultimate has
/// no evaluation worth the name (a small board won early can matter less than where it
/// sends the opponent), and random playouts measure that balance directly.
///
/// The budget is a count of playouts and the randomness is seeded, so a seed and a
/// position always give the same move.
struct UltimateTreeSearch {
    private let root: UltimateBitboard
    private var generator: SeededGenerator
    /// The tree, one entry per position in each array: the move into it (board-major), its
    /// first child and next sibling (-1 for none), how many of its moves have children,
    /// how many playouts passed through it and the wins they gave to the side that moved
    /// into it (a draw is half a win).
    private var moves: [Int] = [-1]
    private var firstChild: [Int] = [-1]
    private var nextSibling: [Int] = [-1]
    private var expanded: [Int] = [0]
    private var visits: [Int] = [0]
    private var wins: [Double] = [0]

    /// How much UCB1 favours the little-tried over the proven.
    private static let exploration = 1.3

    init(_ game: UltimateGame, seed: UInt64) {
        root = UltimateBitboard(game)
        generator = SeededGenerator(seed: seed)
    }

    /// Runs `playouts` playouts; returns each legal move of the root as a grid cell with
    /// its playouts and the share of them its side won, counting one drawn playout more
    /// so that a move tried once or never is not called certain.
    mutating func run(playouts: Int) -> [(index: Int, visits: Int, winRate: Double)] {
        for _ in 0..<playouts { playOnce() }
        var children: [(index: Int, visits: Int, winRate: Double)] = []
        var child = firstChild[0]
        while child >= 0 {
            let index = UltimateGrid.index(smallBoard: moves[child] / 9, cell: moves[child] % 9)
            children.append((index, visits[child], (wins[child] + 0.5) / Double(visits[child] + 1)))
            child = nextSibling[child]
        }
        return children.sorted { $0.index < $1.index }
    }

    private mutating func playOnce() {
        var position = root
        var path = [0]
        var node = 0
        while position.result == nil {
            let legal = position.legalMoves
            if expanded[node] < legal.count {
                node = addChild(of: node, move: legal[expanded[node]])
                position.play(moves[node])
                path.append(node)
                break
            }
            node = selectChild(of: node)
            position.play(moves[node])
            path.append(node)
        }
        let result = position.playOut(using: &generator)
        for (depth, node) in path.enumerated() {
            visits[node] += 1
            // The side that moved into a node at an odd depth is the root's side to move.
            // (The root's own wins are never read: no move leads into it.)
            let mover = depth % 2 == 1 ? root.toMove : 1 - root.toMove
            wins[node] += result == -1 ? 0.5 : result == mover ? 1 : 0
        }
    }

    private mutating func addChild(of parent: Int, move: Int) -> Int {
        let child = moves.count
        moves.append(move)
        firstChild.append(-1)
        nextSibling.append(firstChild[parent])
        expanded.append(0)
        visits.append(0)
        wins.append(0)
        firstChild[parent] = child
        expanded[parent] += 1
        return child
    }

    private func selectChild(of parent: Int) -> Int {
        let logVisits = naturalLog(Double(visits[parent]))
        var best = -1, bestScore = -Double.infinity
        var child = firstChild[parent]
        while child >= 0 {
            let tries = Double(visits[child])
            let score = wins[child] / tries + Self.exploration * (logVisits / tries).squareRoot()
            if score > bestScore { best = child; bestScore = score }
            child = nextSibling[child]
        }
        return best
    }
}
