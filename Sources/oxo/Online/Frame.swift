/// One screenful of text: the lines to show and where the typing cursor stands.
struct Frame: Hashable, Sendable {
    var lines: [String]
    /// The lines under the body that always show: the status and the help.
    var footer: [String] = []
    /// The line being typed, last on the screen.
    var prompt: String

    /// The lines cut to `size`: the body shortened from its end so that the footer and the
    /// prompt always show, every line cut to the width.
    func fitted(to size: Terminal.Size) -> [String] {
        let bottom = footer + [prompt]
        let body = lines.prefix(max(0, size.rows - bottom.count))
        return (body + bottom).suffix(size.rows).map { Self.cut($0, to: size.columns) }
    }

    /// `text` in lines of at most `columns` characters, broken between words.
    static func wrapped(_ text: String, to columns: Int) -> [String] {
        WordWrap.lines(of: text, columns: columns)
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
