import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal the online client runs in: whether it can redraw, its size, raw input, and
/// the escape sequences of a full screen.
enum Terminal {
    struct Size: Hashable {
        let columns: Int
        let rows: Int
    }

    /// A full screen needs a terminal on both ends that understands cursor movement; `dumb`
    /// (Emacs's shell, some CI logs) and an unset TERM do not.
    static var canRedraw: Bool {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { return false }
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        return !term.isEmpty && term != "dumb"
    }

    static var size: Size {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return Size(columns: 80, rows: 24)
        }
        return Size(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Switches the keyboard to one key at a time, unechoed, with Ctrl-C as a key rather than
    /// a signal; returns how to switch it back.
    static func enterRawMode() -> termios? {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        return original
    }

    static func restore(_ mode: termios) {
        var mode = mode
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode)
    }

    /// Reads a line with echo off, for a password; a plain line when the input is no terminal.
    static func readSecretLine() -> String? {
        guard isatty(STDIN_FILENO) != 0 else { return readLine() }
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            write("\n")
        }
        return readLine()
    }

    /// The bytes typed, as they come, read on a thread of their own since reading blocks.
    static func inputBytes() -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            Thread {
                var buffer = [UInt8](repeating: 0, count: 256)
                while true {
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    continuation.yield(Array(buffer[0..<count]))
                }
                continuation.finish()
            }.start()
        }
    }

    /// The lines typed, for the line-by-line mode.
    static func inputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            Thread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }.start()
        }
    }

    /// Writes straight to the descriptor, past C's buffered streams: flushing those
    /// (`fflush`) would wait for the lock of standard input, held by the thread blocked
    /// reading the next line.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    enum Escape {
        static let alternateScreen = "\u{1B}[?1049h"
        static let mainScreen = "\u{1B}[?1049l"
        static let home = "\u{1B}[H"
        static let clearToEndOfLine = "\u{1B}[K"
        static let clearBelow = "\u{1B}[J"
        static func moveTo(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }
    }
}
