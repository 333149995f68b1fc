import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// Shows how a run is going, once a second on standard error: rewritten in place at a
/// terminal, one line per second into a pipe or a file.
final class ProgressLine: Sendable {
    private let scenario: String
    private let ticker = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private static let atTerminal = isatty(STDERR_FILENO) != 0

    init(scenario: String) {
        self.scenario = scenario
    }

    /// Calls `line` with the seconds since the start, every second until `stop()`.
    func start(_ line: @escaping @Sendable (Double) -> String) {
        let scenario = self.scenario
        let started = ContinuousClock.now
        let task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled { break }
                let elapsed = started.duration(to: .now)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                Self.show("\(scenario) \(String(format: "%5.1f", seconds))s  \(line(seconds))")
            }
        }
        ticker.withLockedValue { $0?.cancel(); $0 = task }
    }

    /// Shows how many `counted` were added in the last second, and then `more`.
    func startRate(of counted: Counter, unit: String, more: @escaping @Sendable () -> String) {
        let lastCount = NIOLockedValueBox(0)
        start { _ in
            let count = counted.value
            let perSecond = lastCount.withLockedValue { last in defer { last = count }; return count - last }
            return "\(BenchReport.format(Double(perSecond))) \(unit)/s, \(more())"
        }
    }

    func stop() {
        ticker.withLockedValue { $0?.cancel(); $0 = nil }
        if Self.atTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// A note between progress lines, such as the start of a phase.
    func note(_ text: String) {
        stderrLine("\(scenario): \(text)")
    }

    private static func show(_ text: String) {
        FileHandle.standardError.write(Data((atTerminal ? "\r\u{1B}[K" + text : text + "\n").utf8))
    }
}
