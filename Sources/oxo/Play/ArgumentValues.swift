import ArgumentParser
import TicTacToe

// The rules engine knows nothing of the command line, so the command line teaches
// ArgumentParser to read the engine's types.

extension Level: ExpressibleByArgument {
    /// Shown under --vs in the help, one line per level.
    public static var allValueDescriptions: [String: String] {
        [
            "easy": "plays any free cell at random",
            "medium": "takes a win and blocks yours, otherwise plays at random",
            "hard": "plays perfectly but now and then makes a mistake",
            "perfect": "never loses",
        ]
    }
}

extension Mark: ExpressibleByArgument {
    /// Accepts x and o in either case.
    public init?(argument: String) {
        self.init(argument)
    }
}

extension Variant: ExpressibleByArgument {
    /// One line per board in the help.
    public static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, "\($0.displayName): \($0.width)×\($0.height)") })
    }
}
