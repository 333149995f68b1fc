import Foundation

/// The span a scenario measures, with the CPU that the server, the load generator and
/// everything else on the machine used in it: they share the machine, so a generator that
/// takes half the CPU, or a build running beside the bench, is part of the result.
struct MeasuredWindow {
    private let target: BenchTarget
    private let started = ContinuousClock.now
    private let serverCPU: Double?
    private let ownCPU = ResourceUsage.ownCPUSeconds()
    private let machineCPU = ResourceUsage.machineCPUSeconds()

    init(target: BenchTarget) {
        self.target = target
        serverCPU = target.serverCPUSeconds()
    }

    var elapsedSeconds: Double {
        let elapsed = started.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// CPU use in the window as a share of one core: the server's (when it can be read),
    /// the load generator's, and that of every other process on the machine (a database
    /// server, or someone else's work, which makes the figures worse than they would be).
    func cpuFigures() -> [BenchReport.Figure] {
        let seconds = elapsedSeconds
        var figures: [BenchReport.Figure] = []
        let server = serverCPU.flatMap { before in target.serverCPUSeconds().map { $0 - before } }
        if let server {
            figures.append(.init("server_cpu_percent", "server CPU", server / seconds * 100, "% of a core"))
        }
        let generator = ResourceUsage.ownCPUSeconds() - ownCPU
        figures.append(.init("generator_cpu_percent", "load generator CPU", generator / seconds * 100, "% of a core"))
        if let before = machineCPU, let after = ResourceUsage.machineCPUSeconds() {
            let others = max(0, after - before - generator - (server ?? 0))
            figures.append(.init("other_cpu_percent", "other processes' CPU", others / seconds * 100, "% of a core"))
        }
        return figures
    }
}
