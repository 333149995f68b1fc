/// The plain text notation of a game: one move a line, its number, a full stop, its cell's
/// coordinate and its mark, such as "1. b2 X" (columns a–c from the left, rows 1–3 from
/// the top, as `Cell.name`). Lines that start with "#" are comments, such as a header
/// naming the players, and blank lines are ignored.
public enum Notation {
    /// The line of move `number` (1 for the first move).
    public static func line(number: Int, cell: Cell, mark: Mark) -> String {
        "\(number). \(cell.name) \(mark.rawValue)"
    }

    /// The lines of every move of `state`, X first, each ended by a line feed.
    public static func text(of state: GameState) -> String {
        state.moves.enumerated().map { index, cell in
            line(number: index + 1, cell: cell, mark: index.isMultiple(of: 2) ? .x : .o) + "\n"
        }.joined()
    }

    public enum ParseError: Error, Hashable, Sendable {
        /// The line (1 for the first line of the text) is neither a move, a comment nor blank.
        case notAMove(line: Int)
        /// The move on the line is not the game's next: a wrong number or mark, a taken
        /// cell, or a move after the game ended.
        case illegalMove(line: Int)
    }

    /// The game that `text` records, checking every move against the rules.
    public static func parse(_ text: String) throws(ParseError) -> GameState {
        var state = GameState()
        // "\r\n" is one Character in Swift, a line break as "\n" is.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 3, parts[0].hasSuffix("."), let number = Int(parts[0].dropLast()),
                  let cell = Cell(String(parts[1])), parts[1].count == 2, let mark = Mark(String(parts[2]))
            else { throw .notAMove(line: index + 1) }
            guard number == state.moves.count + 1, let next = try? state.playing(cell, as: mark)
            else { throw .illegalMove(line: index + 1) }
            state = next
        }
        return state
    }
}
