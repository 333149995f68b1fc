@testable import oxo

/// What a person at a terminal sees of `oxo play`: everything written, with each answer
/// echoed after its prompt as the terminal would, for a session run in this process.
final class TerminalTranscript: TextSink, @unchecked Sendable {
    private(set) var text = ""

    func write(_ text: String) { self.text += text }

    func echo(_ line: String) { text += line + "\n" }

    /// The lines the player sees at the prompt now, on a screen `rows` high: the last ones.
    func screen(rows: Int = 24) -> [Substring] {
        Array(text.split(separator: "\n", omittingEmptySubsequences: false).suffix(rows))
    }

    /// How many lines the last board drawn takes up to the end of the text, its column
    /// letters included; nil before any board.
    var linesFromLastBoard: Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Every board's first line is its column letters: a, b, c, ...
        let top = lines.lastIndex { $0.split(separator: " ").prefix(3) == ["a", "b", "c"] }
        return top.map { lines.count - $0 }
    }
}

/// A person answering each prompt of a session from what the screen shows.
struct ScriptedPlayer: LineSource {
    let screen: TerminalTranscript
    /// The answer to the prompt that ends the screen's text; nil ends the input.
    let answer: (String) -> String?

    mutating func nextLine() -> String? {
        guard let line = answer(screen.text) else { return nil }
        screen.echo(line)
        return line
    }
}
