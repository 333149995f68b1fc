import ArgumentParser
import OXOProtocol

/// `--clock 3+2`: the clock every bench game is played with, minutes and seconds a move,
/// so that clocked games can be measured against casual ones.
struct BenchClock: Sendable, ExpressibleByArgument {
    let control: TimeControl

    init?(argument: String) {
        guard let control = TimeControl(notation: argument), control.kind == .clock else { return nil }
        self.control = control
    }

    /// ", with a 3+2 clock", for the report's title.
    var description: String {
        ", with a \((control.initialSeconds ?? 0) / 60)+\(control.incrementSeconds ?? 0) clock"
    }
}
