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
    /// Shown under --variant in the help, one line per board.
    public static var allValueDescriptions: [String: String] {
        [
            "classic": "three in a row on 3×3",
            "four": "four in a row on 4×4",
            "gomoku": "five or more in a row on 15×15",
            "ultimate": "nine 3×3 boards in one; win three of them in a row",
        ]
    }
}
