import ArgumentParser
import Foundation

/// A number of seconds on the command line: a whole number or a fraction ("60", "2.5"),
/// shown in `--help` as people write it ("60", not "60.0").
struct Seconds: ExpressibleByArgument, Sendable {
    let value: TimeInterval

    init(_ value: TimeInterval) {
        self.value = value
    }

    init?(argument: String) {
        guard let value = TimeInterval(argument), value.isFinite else { return nil }
        self.value = value
    }

    var defaultValueDescription: String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
