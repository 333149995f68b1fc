import ArgumentParser
import OXOProtocol

/// `--clock 3+2`: the clock every bench game is played with, minutes and seconds a move,
/// so that clocked games can be measured against casual ones.
struct BenchClock: Sendable, ExpressibleByArgument {
    let control: TimeControl

    init?(argument: String) {
        let parts = argument.split(separator: "+", omittingEmptySubsequences: false)
        guard parts.count == 2, let minutes = Int(parts[0]), let increment = Int(parts[1]) else { return nil }
        control = .clock(minutes: minutes, increment: increment)
    }

    /// ", with a 3+2 clock", for the report's title.
    var description: String {
        ", with a \((control.initialSeconds ?? 0) / 60)+\(control.incrementSeconds ?? 0) clock"
    }
}
