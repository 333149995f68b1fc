import TicTacToe

/// Draws any variant's board as text, column letters on top and row numbers at the side:
/// classic and four in a row in boxes three characters wide (`BoxedGrid`), Gomoku and
/// Ultimate a character a cell (`CompactGrid`), so that 15×15 fits beside a side panel in
/// 80 columns. Classic's empty cells show the number to type for them:
///
///          a   b   c
///       1  X │ 1 │ 2
///         ───┼───┼───
///       2  3 │ O │ 5
///         ───┼───┼───
///       3  6 │ 7 │ 8
struct BoardRenderer {
    /// Whether to colour the marks and highlight a winning line with ANSI escapes.
    let usesColour: Bool

    /// The board with a blank line above and below, the `cursor` cell (the one Enter plays
    /// in `oxo online`) in brackets.
    func render(_ picture: BoardPicture, cursor: Int? = nil) -> String {
        "\n" + lines(of: picture, cursor: cursor).joined(separator: "\n") + "\n\n"
    }

    /// The board's lines alone, at most `height` of them when given: a board taller than
    /// that (Gomoku's, in a small window) shows the rows around the cursor, else around the
    /// last move, and says which.
    func lines(of picture: BoardPicture, cursor: Int? = nil, height: Int? = nil) -> [String] {
        switch picture.variant {
        case .classic, .fourInARow:
            BoxedGrid(picture: picture, renderer: self).lines(cursor: cursor)
        case .gomoku:
            CompactGrid(picture: picture, renderer: self, groupSize: nil).lines(cursor: cursor, height: height)
        case .ultimate:
            CompactGrid(picture: picture, renderer: self, groupSize: 3).lines(cursor: cursor, height: height.map { $0 - 1 })
                + (picture.toMove.map { ["\($0) to play \(SmallBoardName.whereToPlay(picture.activeBoard))."] } ?? [])
        }
    }

    /// `text` (a cell's, without the brackets around it) in the colours of `mark`, dim when it
    /// holds no mark (so that the hints read as hints, not marks), lit up when `highlighted`.
    func paint(_ text: String, as mark: Mark?, highlighted: Bool = false) -> String {
        guard usesColour else { return text }
        var style: [String]
        switch mark {
        case .x: style = ["1", "31"]  // bold red
        case .o: style = ["1", "36"]  // bold cyan
        case nil: style = ["2"]
        }
        if highlighted { style.append("7") }  // reverse video: the whole cell lights up
        return "\u{1B}[\(style.joined(separator: ";"))m\(text)\u{1B}[0m"
    }
}
