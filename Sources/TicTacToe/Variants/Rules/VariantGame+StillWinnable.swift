extension VariantGame {
    /// Whether `mark` could still make its winning line, for the time rule: a player who
    /// runs out of time loses only to an opponent who could still have won.
    ///
    /// Classic is searched exhaustively (its board is small). On the larger boards the
    /// test is whether some line is still free of the opponent's marks: for four in a row
    /// and Gomoku a run of `lineLength` cells, for Ultimate three small boards in a line,
    /// each won by `mark` or open with such a line of its own. This is what a person
    /// would count on the board; it does not ask whether the opponent would be forced to
    /// complete a line of their own first.
    public func couldStillWin(_ mark: Mark) -> Bool {
        if status.winner == mark { return true }
        if status.isOver { return false }
        switch variant {
        case .classic:
            return classicState.map { Self.classicCouldStillWin(mark, in: $0) } ?? false
        case .fourInARow, .gomoku:
            return Self.hasFreeLine(for: mark, in: cells, rules: variant.lineRules!)
        case .ultimate:
            let boards: [Mark?] = (0..<9).map { board in
                if let winner = smallBoardWinners[board] { return winner }
                guard !smallBoardStatuses[board].isOver else { return mark.opponent }
                let local = UltimateGrid.cells(ofSmallBoard: board).map { cells[$0] }
                return Self.hasFreeLine(for: mark, in: local, rules: .classic) ? nil : mark.opponent
            }
            return Self.hasFreeLine(for: mark, in: boards, rules: .classic)
        }
    }

    private static func classicCouldStillWin(_ mark: Mark, in state: GameState) -> Bool {
        if state.status.winner == mark { return true }
        return state.legalMoves.contains { cell in
            guard let next = try? state.playing(cell) else { return false }
            return classicCouldStillWin(mark, in: next)
        }
    }

    /// Whether some run of `rules.lineLength` cells holds none of the opponent's marks.
    static func hasFreeLine(for mark: Mark, in cells: [Mark?], rules: LineRules) -> Bool {
        cells.indices.contains { start in
            LineRules.directions.contains { direction in
                (0..<rules.lineLength).allSatisfy { step in
                    guard let cell = rules.cell(from: start, dx: direction.dx, dy: direction.dy, steps: step) else { return false }
                    return cells[cell] != mark.opponent
                }
            }
        }
    }
}
