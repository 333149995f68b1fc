import TicTacToe

/// Every position reachable from the empty board by legal play, each once, found by
/// walking the game tree. Shared by the exhaustive tests.
let reachablePositions: [GameState] = {
    var seen: Set<Board> = []
    var found: [GameState] = []
    var frontier = [GameState()]
    while let state = frontier.popLast() {
        guard seen.insert(state.board).inserted else { continue }
        found.append(state)
        for cell in state.legalMoves {
            frontier.append(try! state.playing(cell))
        }
    }
    return found
}()

/// A plain, independent statement of the rules, to check the engine against.
enum Reference {
    static let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

    static func marks(of moves: [Cell]) -> [Mark?] {
        var marks = [Mark?](repeating: nil, count: 9)
        for (number, cell) in moves.enumerated() {
            marks[cell.index] = number % 2 == 0 ? .x : .o
        }
        return marks
    }

    static func winner(of moves: [Cell]) -> (Mark, [Int])? {
        let marks = marks(of: moves)
        for line in lines {
            if let mark = marks[line[0]], marks[line[1]] == mark, marks[line[2]] == mark {
                return (mark, line)
            }
        }
        return nil
    }

    /// Plain minimax: 1 win, 0 draw, -1 loss for the side to move. Positions reached by
    /// different move orders are looked up, not searched again: without that, the tree
    /// from the empty board took seconds of a debug build's test threads.
    static func value(of moves: [Cell]) -> Int {
        var known: [[Mark?]: Int] = [:]
        return value(of: moves, known: &known)
    }

    private static func value(of moves: [Cell], known: inout [[Mark?]: Int]) -> Int {
        let marks = marks(of: moves)
        if let value = known[marks] { return value }
        let result = if winner(of: moves) != nil {
            -1
        } else if moves.count == 9 {
            0
        } else {
            Cell.all.filter { marks[$0.index] == nil }.map { -value(of: moves + [$0], known: &known) }.max()!
        }
        known[marks] = result
        return result
    }
}
