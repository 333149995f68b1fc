/// How well the computer plays.
public enum Level: String, CaseIterable, Codable, Hashable, Sendable {
    /// Any legal move, at random.
    case easy
    /// Takes a win, blocks a loss, otherwise plays at random.
    case medium
    /// Plays perfectly but now and then, by its seeded generator, makes a mistake.
    case hard
    /// Never loses, wins as quickly as it can, and sets traps when it cannot win.
    case perfect
}
