extension ComputerPlayer {
    /// Four in a row's levels are classic's: `easy` plays at random, `medium` takes a win
    /// or blocks one, `perfect` plays perfectly, and `hard` plays perfectly but for its
    /// mistakes. The solver answers from the empty board in milliseconds, so every move is
    /// searched afresh, without an opening book.
    func fourInARowMove(in game: VariantGame, using generator: inout some RandomNumberGenerator) -> Int? {
        switch level {
        case .easy:
            return game.legalMoves.randomElement(using: &generator)
        case .medium:
            return Self.fourInARowTacticalMoves(in: game).randomElement(using: &generator)
        case .hard, .perfect:
            if level == .hard, Double.random(in: 0..<1, using: &generator) < mistakeRate {
                let evaluations = FourInARowSolver.evaluations(of: game)
                let best = evaluations.map(\.outcome).max()!
                if let mistake = evaluations.filter({ $0.outcome < best }).randomElement(using: &generator) {
                    return mistake.index
                }
            }
            return Self.fourInARowBestMoves(in: game).randomElement(using: &generator)
        }
    }

    /// The perfect player's choices, as classic's: the quickest wins; failing that, the
    /// draws that leave the opponent the most replies that lose; failing that, the slowest
    /// losses. One solver serves every question, so the replies reuse what it learnt.
    static func fourInARowBestMoves(in game: VariantGame) -> [Int] {
        guard game.turn != nil else { return [] }
        var solver = FourInARowSolver()
        let board = FourInARowBoard(cells: game.cells)
        let evaluations = solver.evaluations(of: board)
        let best = evaluations.map(\.outcome).max()!
        let bestMoves = evaluations.filter { $0.outcome == best }.map(\.index)
        guard best == .draw else { return bestMoves }
        let trapCounts = bestMoves.map { index in
            let child = board.placing(board.toMove, at: index)
            guard child.occupied != FourInARowBoard.full else { return 0 }
            return solver.losingMoveCount(in: child)
        }
        let mostTraps = trapCounts.max()!
        return zip(bestMoves, trapCounts).filter { $0.1 == mostTraps }.map(\.0)
    }

    /// A winning cell if there is one, else a cell that stops the opponent winning next
    /// move, else any legal cell.
    static func fourInARowTacticalMoves(in game: VariantGame) -> [Int] {
        guard let mark = game.turn else { return [] }
        let board = FourInARowBoard(cells: game.cells)
        for side in [mark, mark.opponent] {
            let completing = board.completingCells(for: side)
            if completing != 0 { return game.legalMoves.filter { completing >> $0 & 1 == 1 } }
        }
        return game.legalMoves
    }
}
