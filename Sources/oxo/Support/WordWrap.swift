/// Text broken into lines between words, for `oxo play`'s rules and `oxo online`'s status.
enum WordWrap {
    /// `text` in lines of at most `columns` characters, broken between words (a word
    /// longer than a line is cut). Plain text only: no colour sequences.
    static func lines(of text: String, columns: Int) -> [String] {
        guard columns > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > columns {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
            while line.count > columns {
                lines.append(String(line.prefix(columns)))
                line = String(line.dropFirst(columns))
            }
        }
        return lines + [line]
    }
}
