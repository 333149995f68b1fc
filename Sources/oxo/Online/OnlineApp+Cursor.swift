import OXOClient
import TicTacToe

@available(macOS 14.0, *)
extension OnlineApp {
    /// The cell Enter plays in `game`: where the arrows or the last move left the cursor,
    /// else the centre. In Ultimate, on the player's turn, it stands in the small board they
    /// were sent to (at its centre when it was elsewhere), where a move may go.
    func chosenCell(in game: GameModel) -> Int {
        let variant = game.variant
        // A cell chosen before the game arrived may lie off its board.
        let cell = cursor.flatMap { $0 < variant.cellCount ? $0 : nil } ?? TypedCell.centre(of: variant)
        guard let board = boardToPlay(in: game), UltimateGrid.smallBoard(of: cell) != board else { return cell }
        return UltimateGrid.index(smallBoard: board, cell: 4)
    }

    /// Moves the cursor over the grid, within the small board the player must play in
    /// when there is one, so that the arrows never leave the cells a move may go to.
    func moveCursor(rows: Int, columns: Int, in game: GameModel) {
        let variant = game.variant
        let cell = chosenCell(in: game)
        var rowRange = 0...(variant.height - 1), columnRange = 0...(variant.width - 1)
        if let board = boardToPlay(in: game) {
            let corner = UltimateGrid.index(smallBoard: board, cell: 0)
            rowRange = corner / variant.width ... corner / variant.width + 2
            columnRange = corner % variant.width ... corner % variant.width + 2
        }
        let row = min(rowRange.upperBound, max(rowRange.lowerBound, cell / variant.width + rows))
        let column = min(columnRange.upperBound, max(columnRange.lowerBound, cell % variant.width + columns))
        cursor = row * variant.width + column
    }

    /// Ultimate, on the player's turn: the small board they were sent to; nil when any open
    /// one will do, or for the other variants.
    private func boardToPlay(in game: GameModel) -> Int? {
        game.variant == .ultimate && game.isMyTurn ? game.activeBoard : nil
    }
}
