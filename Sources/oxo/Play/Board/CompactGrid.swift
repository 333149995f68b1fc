import TicTacToe

/// Gomoku's board and Ultimate's: a character a cell and a space between cells, where the
/// cursor's brackets and the last move's parentheses go, so that 15 columns take 30
/// characters. Ultimate's small boards are set apart by bars and rules, a won one is drawn
/// as its winner's big mark (its cells no longer matter), and while the game is on only
/// the cells the mark to move may play show a dot.
struct CompactGrid {
    let picture: BoardPicture
    let renderer: BoardRenderer
    /// Columns (and rows) of a group set apart by bars: Ultimate's small boards, 3; nil for none.
    let groupSize: Int?

    /// The column letters, then the rows. A board of more lines than `height` shows a window
    /// of its rows around the cursor (else the last move, else the centre), and its header
    /// says which rows are in view.
    func lines(cursor: Int?, height: Int?) -> [String] {
        let variant = picture.variant
        var body: [(row: Int?, text: String)] = []
        for row in 0..<variant.height {
            if row > 0, startsGroup(row) { body.append((nil, ruleLine())) }
            body.append((row, rowLine(row, cursor: cursor)))
        }
        let letters = (0..<variant.width).map { gap(before: $0) + CellName.name(of: $0, in: variant).prefix(1) }
        let header = "   " + letters.joined()
        guard let height, height >= 2, body.count + 1 > height else { return [header] + body.map(\.text) }
        let focusRow = (cursor ?? picture.lastMove ?? picture.cells.count / 2) / variant.width
        let focusLine = body.firstIndex { $0.row == focusRow } ?? 0
        let count = height - 1
        let start = min(max(0, focusLine - count / 2), body.count - count)
        let window = body[start ..< start + count]
        let rows = window.compactMap(\.row)
        let note = "   rows \(rows.first! + 1)–\(rows.last! + 1) of \(variant.height)"
        return [header + note] + window.map(\.text)
    }

    private func startsGroup(_ position: Int) -> Bool {
        groupSize.map { position > 0 && position.isMultiple(of: $0) } ?? false
    }

    /// What stands before column `column` (or after the last, for `width`): a space, and a
    /// bar between two groups.
    private func gap(before column: Int) -> String {
        column < picture.variant.width && startsGroup(column) ? " │ " : " "
    }

    private func ruleLine() -> String {
        let gaps = (0...picture.variant.width).map { column in
            String(gap(before: column).map { $0 == "│" ? "┼" : "─" })
        }
        return "   " + gaps.joined(separator: "─")
    }

    private func rowLine(_ row: Int, cursor: Int?) -> String {
        let width = picture.variant.width
        var gaps = (0...width).map { Array(gap(before: $0)) }
        // Brackets around a cell take the spaces on either side of it; the last move's
        // parentheses yield those to the cursor's.
        for (index, open, close) in [(cursor, "[", "]"), (picture.lastMove, "(", ")")] {
            guard let index, index / width == row else { continue }
            let column = index % width
            guard gaps[column].last == " ", gaps[column + 1].first == " " else { continue }
            gaps[column][gaps[column].count - 1] = Character(open)
            gaps[column + 1][0] = Character(close)
        }
        let label = String(row + 1)
        var line = String(repeating: " ", count: 3 - label.count) + label
        for column in 0..<width {
            line += String(gaps[column]) + cell(row * width + column)
        }
        return line + String(gaps[width])
    }

    /// One character, in colour when asked.
    private func cell(_ index: Int) -> String {
        guard picture.variant == .ultimate else {
            let mark = picture.cells[index]
            return renderer.paint(mark?.rawValue ?? "·", as: mark, highlighted: picture.winningLine?.contains(index) ?? false)
        }
        let board = UltimateGrid.smallBoard(of: index)
        let highlighted = picture.winningLine?.contains(board) ?? false
        if case .won(let winner) = picture.smallBoards[board] {
            return Self.bigMark(winner, at: UltimateGrid.cellInSmallBoard(of: index))
                .map { renderer.paint($0.rawValue, as: $0, highlighted: highlighted) } ?? " "
        }
        if let mark = picture.cells[index] { return renderer.paint(mark.rawValue, as: mark) }
        // Dots only where the mark to move may play; once the game is over, in every open board.
        return picture.toMove == nil || picture.isPlayable(index) ? renderer.paint("·", as: nil) : " "
    }

    /// A won small board drawn as its winner's mark, 3×3 large: X's corners and centre, O's ring.
    private static func bigMark(_ winner: Mark, at position: Int) -> Mark? {
        let shape: Set<Int> = winner == .x ? [0, 2, 4, 6, 8] : [0, 1, 2, 3, 5, 6, 7, 8]
        return shape.contains(position) ? winner : nil
    }
}
