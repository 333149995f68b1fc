import OXOProtocol
import TicTacToe

extension BoardPicture {
    /// A game as the server shows it: its board, line and last move as sent, and the
    /// mark to move only while the game is live.
    init(_ game: GameView) {
        self.init(variant: game.variant, cells: game.board.cells)
        winningLine = game.result?.line
        lastMove = game.moves.last?.cell
        toMove = game.phase == .live ? game.turn : nil
        activeBoard = game.activeBoard
        guard game.variant == .ultimate else { return }
        // One character a small board: "X" or "O" won by, "-" full, "." open.
        let sent: [SmallBoard] = (game.smallBoards ?? "").map { character in
            switch character {
            case "X": .won(by: .x)
            case "O": .won(by: .o)
            case "-": .full
            default: .open
            }
        }
        smallBoards = sent.count == 9 ? sent : Array(repeating: .open, count: 9)
    }
}
