/// One screenful of text: the lines to show and where the typing cursor stands.
struct Frame: Hashable, Sendable {
    var lines: [String]
    /// The line being typed, last on the screen.
    var prompt: String

    /// The lines cut to `size`: the body shortened from its end so that the last lines (the
    /// status, the help and the prompt) always show, every line cut to the width.
    func fitted(to size: Terminal.Size) -> [String] {
        let all = lines + [prompt]
        let kept = all.count > size.rows ? Array(all.prefix(size.rows - 5)) + all.suffix(5) : all
        return kept.map { Self.cut($0, to: size.columns) }
    }

    /// How many characters of `line` show.
    static func visibleWidth(of line: String) -> Int {
        characters(of: line).filter(\.shows).count
    }

    /// `line` cut to `columns` characters that show.
    static func cut(_ line: String, to columns: Int) -> String {
        var visible = 0
        var result = ""
        for (character, shows) in characters(of: line) {
            if shows {
                guard visible < columns else { break }
                visible += 1
            }
            result.append(character)
        }
        return result
    }

    /// Each character of `line` with whether it shows: those of ANSI colour sequences
    /// (escape to the final letter) take no room.
    private static func characters(of line: String) -> [(character: Character, shows: Bool)] {
        var inEscape = false
        return line.map { character in
            if character == "\u{1B}" { inEscape = true }
            defer { if inEscape, character.isLetter { inEscape = false } }
            return (character, !inEscape)
        }
    }
}
