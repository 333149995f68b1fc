import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// A bar on standard error that fills as rows are stored or pages copied: redrawn in place
/// at a terminal, a line each tenth of the way into a pipe or a file.
final class ImportProgressBar: Sendable {
    private static let atTerminal = isatty(STDERR_FILENO) != 0
    private static let width = 30
    private let shownTenth = NIOLockedValueBox(-1)
    /// What is counted: "rows", "pages".
    private let unit: String

    init(counting unit: String = "rows") {
        self.unit = unit
    }

    func show(done: Int, total: Int) {
        guard total > 0 else { return }
        let filled = Self.width * done / total
        let line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
            + "] \(done * 100 / total)% \(done)/\(total) \(unit)"
        if Self.atTerminal {
            FileHandle.standardError.write(Data(("\r" + line).utf8))
        } else {
            let tenth = 10 * done / total
            let due = shownTenth.withLockedValue { shown in defer { shown = max(shown, tenth) }; return tenth > shown }
            if due { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
    }

    func finish() {
        if Self.atTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
