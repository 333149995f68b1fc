import TicTacToe

/// What a drawing of a board needs, in every variant, wherever the game is played: here at
/// the terminal (from a `VariantGame`) or on a server (from the game's view), so that both
/// are drawn by the one `BoardRenderer`.
struct BoardPicture: Hashable {
    /// An Ultimate small board as the big board sees it.
    enum SmallBoard: Hashable {
        case open
        case won(by: Mark)
        /// Full without a line: closed, and nobody's.
        case full
    }

    let variant: Variant
    /// Every cell of the whole grid, row-major from the top-left.
    let cells: [Mark?]
    /// The winning line's cells; for Ultimate the numbers (0–8) of its small boards.
    var winningLine: [Int]? = nil
    var lastMove: Int? = nil
    /// The mark to move; nil when nobody may (the game is over, or waits for a player).
    var toMove: Mark? = nil
    /// Ultimate: the small board the mark to move must play in; nil when any open one will do.
    var activeBoard: Int? = nil
    /// Ultimate: each small board, 0–8; empty in the other variants.
    var smallBoards: [SmallBoard] = []

    init(variant: Variant, cells: [Mark?]) {
        self.variant = variant
        self.cells = cells
    }

    init(_ game: VariantGame) {
        self.init(variant: game.variant, cells: game.cells)
        winningLine = game.status.winningLine
        lastMove = game.moves.last
        toMove = game.turn
        activeBoard = game.activeBoard
        smallBoards = game.smallBoardStatuses.map { status in
            switch status {
            case .inProgress: .open
            case .won(let mark, _): .won(by: mark)
            case .draw: .full
            }
        }
    }

    /// Whether the mark to move may play `index` now: an empty cell, and in Ultimate one of
    /// an open small board that the player was sent to (or of any open one).
    func isPlayable(_ index: Int) -> Bool {
        guard toMove != nil, cells[index] == nil else { return false }
        guard variant == .ultimate else { return true }
        let board = UltimateGrid.smallBoard(of: index)
        return smallBoards[board] == .open && (activeBoard == nil || activeBoard == board)
    }
}

/// Ultimate's small boards as people point at them, by where they lie in the big board.
enum SmallBoardName {
    private static let names = ["top-left", "top-middle", "top-right", "middle-left", "centre", "middle-right",
                                "bottom-left", "bottom-middle", "bottom-right"]

    /// "the top-right board" for board 2.
    static func the(_ board: Int) -> String { "the \(names[board]) board" }

    /// Where the mark to move must play: "in the top-right board" or "in any open board".
    static func whereToPlay(_ activeBoard: Int?) -> String {
        activeBoard.map { "in \(the($0))" } ?? "in any open board"
    }

    /// "the top-left, centre and bottom-right boards" for a winning line of small boards.
    static func the(line boards: [Int]) -> String {
        let words = boards.map { names[$0] }
        return "the " + words.dropLast().joined(separator: ", ") + " and \(words.last!) boards"
    }
}
