import TicTacToe

extension Messages {
    /// Why the move typed as `answer` (cell `index`, when it names one on this board) cannot
    /// be played in `game`, and what to do instead.
    static func refusal(_ error: VariantMoveError, of answer: String, at index: Int?, in game: VariantGame) -> String {
        let variant = game.variant
        let name = index.map { CellName.name(of: $0, in: variant) } ?? answer
        switch error {
        case .outsideBoard:
            // Classic says what it always said of d1: the words people know from it.
            return variant == .classic ? notACell(answer, on: variant)
                : "\(answer) is outside the board: type \(TypedCell.howToName(on: variant))."
        case .cellOccupied:
            return variant == .classic ? "\(name) is already taken: choose a cell that shows a number."
                : "\(name) is already taken: choose an empty cell (·)."
        case .closedBoard:
            let board = UltimateGrid.smallBoard(of: index ?? 0)
            let state = game.smallBoardWinners[board].map { "already won by \($0)" } ?? "full"
            return "\(name) is in \(SmallBoardName.the(board)), which is \(state): play \(SmallBoardName.whereToPlay(game.activeBoard))."
        case .wrongBoard:
            let board = UltimateGrid.smallBoard(of: index ?? 0)
            return "\(name) is in \(SmallBoardName.the(board)), but this move must be \(SmallBoardName.whereToPlay(game.activeBoard))."
        case .gameOver:
            return "The game is over."
        case .xExpected, .oExpected:
            return "It is \(error == .xExpected ? Mark.x : .o)'s turn."
        }
    }

    /// The result of a finished game: "X wins with a1-b1-c1." or "Draw.".
    static func result(of status: VariantStatus, on variant: Variant) -> String {
        guard case .won(let mark, let line) = status else { return "Draw." }
        return "\(mark) wins with \(winningLine(line, on: variant))."
    }

    /// A winning line by its cells ("h4-h5-h6-h7-h8"), or Ultimate's by its small boards
    /// ("the top-left, centre and bottom-right boards").
    static func winningLine(_ line: [Int], on variant: Variant) -> String {
        variant == .ultimate ? SmallBoardName.the(line: line)
            : line.map { CellName.name(of: $0, in: variant) }.joined(separator: "-")
    }
}
