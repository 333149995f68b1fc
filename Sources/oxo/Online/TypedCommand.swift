import OXOProtocol
import TicTacToe

/// What the player typed at the prompt, in the lobby or in a game.
enum TypedCommand: Hashable {
    case newGame(Mark)
    /// Joins the game with this code; in a game, without one, takes its free seat.
    case join(String?)
    case watch(String)
    case challenge(String, Mark?)
    /// A challenge received, by its number on the screen (1 for the first).
    case accept(Int)
    case decline(Int)
    /// Withdraws the challenges this player made.
    case cancel
    /// *Play random* for games of a time control (casual when nil), or leave its queue when waiting.
    case random(TimeControl?)
    case bell
    case play(Cell)
    case say(String)
    case resign, rematch, claim, back, help, signOut, quit

    /// The command for a line of text; nil when it is none.
    init?(_ line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first?.lowercased() else { return nil }
        let argument = words.dropFirst().first
        let rest = words.dropFirst().joined(separator: " ")
        switch first {
        case "new", "n": self = .newGame(argument.flatMap { Mark($0) } ?? .x)
        case "join", "j": self = .join(argument)
        case "watch", "w": guard let argument else { return nil }; self = .watch(argument)
        case "challenge", "c":
            guard let argument else { return nil }
            self = .challenge(argument, words.dropFirst(2).first.flatMap { Mark($0) })
        case "accept", "a": self = .accept(argument.flatMap(Int.init) ?? 1)
        case "decline", "d": self = .decline(argument.flatMap(Int.init) ?? 1)
        case "cancel": self = .cancel
        case "random", "r":
            guard let argument else { self = .random(nil); return }
            guard let control = TimeControl(notation: argument) else { return nil }
            self = .random(control)
        case "bell", "b": self = .bell
        case "say", "s": guard !rest.isEmpty else { return nil }; self = .say(rest)
        case "resign": self = .resign
        case "rematch": self = .rematch
        case "claim": self = .claim
        case "back", "lobby", "l": self = .back
        case "help", "h", "?": self = .help
        case "logout", "signout": self = .signOut
        case "quit", "q", "exit": self = .quit
        default:
            guard words.count == 1, let cell = TypedCell.parse(first) else { return nil }
            self = .play(cell)
        }
    }

    /// One line per command, for `help` and the screen's foot.
    static let lobbyHelp = [
        "new x|o · join CODE · watch CODE · challenge NAME [x|o] · accept [N] · decline [N] · cancel",
        "random [3+2|3d] · bell · logout · quit · ↑↓ choose, Enter: join, watch, challenge or accept",
    ]
    static let gameHelp = [
        "a cell (b2 or 4) · say TEXT · resign · rematch · claim · join · back · quit",
        "←↑↓→ choose a cell, Enter plays it",
    ]
}
