import Foundation
import NIOCore

/// `oxo bench reconnect`: `sockets` signed-in clients follow their inbox, then every one
/// drops at the same moment (a server restart, a network blip) and comes back at the same
/// moment, resuming its inbox from the last number it saw. The figure is how long until
/// the last of them is back and caught up.
struct ReconnectScenario {
    let sockets: Int

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let users = try await target.register(sockets, progress: progress)
        let errors = ErrorTally()
        let first = try await inParallel(sockets, concurrency: 128) { index in
            try await target.inboxSocket(for: users[index], index: index)
        }
        progress.note("\(BenchReport.format(Double(sockets))) sockets open; all drop, then all come back at once")
        await closeAll(first.map(\.socket))
        await quiet(target)

        let latency = LatencyRecorder("reconnect and resume")
        let back = Counter()
        progress.start { _ in "\(back.value) of \(sockets) back" }
        let window = MeasuredWindow(target: target)
        let storm = ContinuousClock.now
        let again = try await inParallel(sockets, concurrency: sockets) { index in
            let began = NIODeadline.now()
            let resumed = try await target.inboxSocket(for: users[index], index: index, after: first[index].seq)
            latency.record(since: began)
            back.add(1)
            return resumed.socket
        }
        let seconds = SocketsScenario.seconds(storm.duration(to: .now))
        progress.stop()
        let cpu = window.cpuFigures()
        await closeAll(again)

        let figures: [BenchReport.Figure] = [
            .init("sockets", "sockets", Double(sockets)),
            .init("all_back_seconds", "all back and caught up in", seconds, "s"),
            .init("reconnects_per_second", "reconnects per second", Double(sockets) / seconds),
        ] + cpu
        return BenchReport(
            scenario: .reconnect, title: "reconnect: \(BenchReport.format(Double(sockets))) signed-in sockets drop and resume at once",
            target: target, figures: figures, latencies: [latency.summary()], errors: errors)
    }

    /// Waits until the server has dealt with the sockets that went (each is a presence
    /// write), so that the storm measures coming back, not going away.
    private func quiet(_ target: BenchTarget) async {
        var last = target.serverCPUSeconds()
        for _ in 0..<60 {
            try? await Task.sleep(for: .milliseconds(500))
            let now = target.serverCPUSeconds()
            if let now, let previous = last, now - previous < 0.05 { return }
            last = now
        }
    }
}
