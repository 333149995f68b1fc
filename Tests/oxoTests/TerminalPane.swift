import Foundation
import Testing

/// A program running in a pseudo-terminal of its own, in a tmux server private to the test:
/// keys are typed with `send-keys` and the screen read with `capture-pane`, as a person at
/// a real terminal would type and see.
final class TerminalPane: Sendable {
    /// tmux, when installed; the tests that need it are skipped without it.
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let isAvailable = tmux != nil

    private let socket = "oxo-test-\(UUID().uuidString.prefix(8))"
    private let name: String

    /// Starts `arguments` (the program first) in a `columns` × `rows` terminal. When the
    /// program ends, the pane says how, and stays for the test to read (remain-on-exit,
    /// rather than a shell left waiting, so that nothing outlives `close()`).
    init(_ name: String, running arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 40) throws {
        self.name = name
        let configuration = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
        try "set -g remain-on-exit on\n".write(to: configuration, atomically: true, encoding: .utf8)
        let assignments = environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        let command = "env \(assignments) \(arguments.map(Self.quoted).joined(separator: " ")); echo \"[exited $?]\""
        try tmux(["-f", configuration.path, "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", command])
    }

    /// Types `text` as it is, then Enter.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
        try press("Enter")
    }

    /// Presses keys by their tmux names: Enter, Up, Down, Left, Right, Escape, C-c.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Makes the terminal this size, as a person dragging its window would (the program
    /// gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The screen as it shows now, as text.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// Waits until the screen shows `text`, and returns it; records an issue if it does not
    /// within `timeout`, with the screen as it was.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let shown = try screen()
            if shown.contains(text) { return shown }
            guard ContinuousClock.now < deadline else {
                Issue.record("the \(name) terminal never showed “\(text)”; it shows:\n\(shown)", sourceLocation: sourceLocation)
                return shown
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Ends the tmux server. It inherits the test runner's blocked signals, so it would
    /// neither reap the pane nor heed kill-server: it gets SIGKILL, which cannot be blocked.
    func close() {
        let pid = (try? tmux(["display-message", "-p", "#{pid}"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let pid = pid.flatMap({ Int32($0) }) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf"))
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = try ChildProcess(Self.tmux!, ["-L", socket] + arguments,
                                       environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": NSTemporaryDirectory()],
                                       output: .pipe)
        let output = process.pipes[1]!.readDataToEndOfFile()
        process.wait()
        return String(decoding: output, as: UTF8.self)
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
