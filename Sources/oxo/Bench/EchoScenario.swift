import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// `oxo bench echo`: the load shape of `games` against the server's bare echo socket
/// (`oxo serve --bench-echo`). Each of `pairs` pairs keeps one message in flight, its two
/// sockets taking turns as the players do, and each message is a move as a player would
/// send it. Messages per second here is what the HTTP server and WebSocket stack manage
/// with no database, sign-in or JSON behind them: the ceiling for moves per second.
struct EchoScenario {
    let pairs: Int
    let duration: Double
    let think: ThinkTime

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let opened = Counter()
        progress.start { _ in "opening \(opened.value) of \(2 * pairs) echo sockets" }
        let sockets = try await inParallel(2 * pairs, concurrency: 64) { index in
            defer { opened.add(1) }
            return try await BenchSocket.open(path: "/bench/echo", token: nil, index: index, dialer: target.dialer)
        }
        progress.stop()

        let run = EchoRun(think: think)
        let chains = (0..<pairs).map { EchoChain(a: sockets[2 * $0], b: sockets[2 * $0 + 1], run: run) }
        run.errors.recordCloses(of: sockets) { run.stopped }
        progress.note("\(pairs) pairs for \(BenchReport.format(duration)) s")
        let window = MeasuredWindow(target: target)
        progress.startRate(of: run.messages, unit: "messages") { "\(run.errors.total) errors" }
        for chain in chains { chain.start() }
        try? await Task.sleep(for: .seconds(duration))
        run.end()
        let cpu = window.cpuFigures()
        let seconds = window.elapsedSeconds
        progress.stop()
        // Messages still in flight get a moment to come back before the sockets close.
        try? await Task.sleep(for: .milliseconds(500))
        let unanswered = chains.filter(\.waiting).count
        if unanswered > 0 { run.errors.record("a message that was never echoed", count: unanswered) }
        await closeAll(sockets)

        return BenchReport(
            scenario: .echo, title: "echo: \(BenchReport.format(Double(pairs))) pairs of sockets on the bare echo route" + think.description,
            target: target,
            figures: [
                .init("messages_per_second", "messages per second", Double(run.messages.value) / seconds),
                .init("messages", "messages", Double(run.messages.value)),
                .init("seconds", "measured for", seconds, "s"),
            ] + cpu,
            latencies: [run.latency.summary()], errors: run.errors)
    }
}

final class EchoRun: Sendable {
    let think: ThinkTime
    let errors = ErrorTally()
    let latency = LatencyRecorder("echo round trip")
    let messages = Counter()
    private let stop = NIOLockedValueBox(false)

    init(think: ThinkTime) {
        self.think = think
    }

    var stopped: Bool { stop.withLockedValue { $0 } }

    func end() { stop.withLockedValue { $0 = true } }
}

/// Two sockets passing one message back and forth through the echo: each echo that
/// arrives ends one round trip and sends the next message from the other socket.
final class EchoChain: Sendable {
    private let a: BenchSocket
    private let b: BenchSocket
    private let run: EchoRun
    /// When the message in flight left; nil when none is in flight.
    private let sentAt = NIOLockedValueBox<NIODeadline?>(nil)
    private let message = #"{"type":"move","id":"m","game":"6f1c2a4e-93b1-4c55-9d0e-2b7f9a1e8c3d","cell":4,"move_number":5}"#

    init(a: BenchSocket, b: BenchSocket, run: EchoRun) {
        self.a = a
        self.b = b
        self.run = run
        a.handleFrames { _ in self.echoed(next: b) }
        b.handleFrames { _ in self.echoed(next: a) }
    }

    var waiting: Bool { sentAt.withLockedValue { $0 != nil } }

    func start() { send(from: a) }

    private func echoed(next: BenchSocket) {
        guard let start = sentAt.withLockedValue({ sent in defer { sent = nil }; return sent }) else { return }
        guard !run.stopped else { return }
        run.latency.record(since: start)
        run.messages.add(1)
        next.after(run.think.draw()) { self.send(from: next) }
    }

    private func send(from socket: BenchSocket) {
        sentAt.withLockedValue { $0 = .now() }
        socket.send(message)
    }
}
