import Foundation

/// `oxo bench sockets`: `sockets` signed-in clients each open a socket, follow their
/// inbox as an idle web client does, and stay for `hold` seconds. The server's resident
/// memory before the sockets and with them gives the memory per socket.
struct SocketsScenario {
    let sockets: Int
    let hold: Double

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let users = try await target.register(sockets, progress: progress)
        let errors = ErrorTally()
        let before = await settledMemory(of: target)
        let opening = ContinuousClock.now
        let opened = try await target.sockets(for: users, concurrency: 128, progress: progress)
        let openingSeconds = Self.seconds(opening.duration(to: .now))
        let closedEarly = Counter()
        for socket in opened {
            socket.onClose.whenComplete { _ in closedEarly.add(1) }
            // Nothing should arrive on an idle socket; reading it keeps the check honest.
            socket.handleFrames { _ in }
        }
        progress.note("\(BenchReport.format(Double(sockets))) sockets open; holding them for \(BenchReport.format(hold)) s")
        let window = MeasuredWindow(target: target)
        progress.start { _ in
            let memory = target.serverMemory().map { "server memory \(BenchReport.format(Double($0) / 1_048_576)) MiB, " } ?? ""
            return memory + "\(sockets - closedEarly.value) sockets open"
        }
        try? await Task.sleep(for: .seconds(hold))
        progress.stop()
        let after = await settledMemory(of: target)
        let cpu = window.cpuFigures()
        if closedEarly.value > 0 { errors.record("a socket closed while idle", count: closedEarly.value) }
        await closeAll(opened)

        var figures: [BenchReport.Figure] = [
            .init("sockets", "sockets held", Double(sockets)),
            .init("sockets_opened_per_second", "sockets opened per second", Double(sockets) / openingSeconds),
            .init("held_seconds", "held for", hold, "s"),
        ]
        if let before, let after {
            figures += [
                .init("server_memory_before_mib", "server memory before", Double(before) / 1_048_576, "MiB"),
                .init("server_memory_after_mib", "server memory with the sockets", Double(after) / 1_048_576, "MiB"),
                .init("server_memory_per_socket_kib", "server memory per socket", Double(after - before) / Double(sockets) / 1024, "KiB"),
            ]
        }
        return BenchReport(
            scenario: .sockets, title: "sockets: \(BenchReport.format(Double(sockets))) idle signed-in sockets",
            target: target, figures: figures + cpu, latencies: [], errors: errors)
    }

    /// The server's memory once it has stopped changing for a moment, so that work just
    /// finished (sign-ups, the last sockets' set-up) is not counted half-done.
    private func settledMemory(of target: BenchTarget) async -> Int? {
        var last = target.serverMemory()
        for _ in 0..<20 {
            try? await Task.sleep(for: .milliseconds(500))
            let now = target.serverMemory()
            if let now, let previous = last, abs(now - previous) < 256 * 1024 { return now }
            last = now
        }
        return last
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
