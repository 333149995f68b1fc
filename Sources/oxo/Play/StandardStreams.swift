#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a session reads what the player types, a line at a time.
protocol LineSource {
    /// The next line without its line break, or nil at the end of input.
    mutating func nextLine() -> String?
}

/// Where a session writes what the player sees.
protocol TextSink {
    func write(_ text: String)
}

/// The process's standard input.
struct StandardInput: LineSource {
    func nextLine() -> String? { readLine() }
}

/// The process's standard output.
struct StandardOutput: TextSink {
    func write(_ text: String) {
        print(text, terminator: "")
        // A prompt has no line break, and a pipe's output is buffered until one comes
        // (or for longer), so flush or the player would wait for a prompt they cannot see.
        fflush(nil)
    }

    /// Colours are for a person at a terminal who has not asked for none
    /// (https://no-color.org: a non-empty NO_COLOR turns them off). Pipes, files and
    /// tests get plain text.
    static var wantsColour: Bool {
        guard isatty(STDOUT_FILENO) != 0 else { return false }
        if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }
}
