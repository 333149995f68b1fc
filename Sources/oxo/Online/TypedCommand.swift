import OXOProtocol
import TicTacToe

/// What the player typed at the prompt, in the lobby or in a game.
enum TypedCommand: Hashable {
    /// A game on a board (classic when nil) in which this player takes a side.
    case newGame(Mark, Variant?)
    /// Joins the game with this code; in a game, without one, takes its free seat.
    case join(String?)
    case watch(String)
    case challenge(String, GameChoice)
    /// A challenge received, by its number on the screen (1 for the first).
    case accept(Int)
    case decline(Int)
    /// Withdraws the challenges this player made.
    case cancel
    /// *Play random* for games of a board and a time control (classic and casual when nil),
    /// or leave its queue when waiting.
    case random(TimeControl?, Variant?)
    case bell
    /// A cell as typed ("b2", "h8", or classic's "5"), read on the board of the game in view.
    case play(String)
    case say(String)
    case resign, rematch, claim, back, help, signOut, quit

    /// The command for a line of text; nil when it is none.
    init?(_ line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first?.lowercased() else { return nil }
        let argument = words.dropFirst().first
        let rest = words.dropFirst().joined(separator: " ")
        switch first {
        case "new", "n":
            guard let choice = GameChoice(words.dropFirst()), choice.timeControl == nil else { return nil }
            self = .newGame(choice.side ?? .x, choice.variant)
        case "join", "j": self = .join(argument)
        case "watch", "w": guard let argument else { return nil }; self = .watch(argument)
        case "challenge", "c":
            guard let argument, let choice = GameChoice(words.dropFirst(2)) else { return nil }
            self = .challenge(argument, choice)
        case "accept", "a": self = .accept(argument.flatMap(Int.init) ?? 1)
        case "decline", "d": self = .decline(argument.flatMap(Int.init) ?? 1)
        case "cancel": self = .cancel
        case "random", "r":
            guard let choice = GameChoice(words.dropFirst()), choice.side == nil else { return nil }
            self = .random(choice.timeControl, choice.variant)
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
            // Anything shaped like a cell is one: which board it is on is known only in a
            // game, which then says whether it lies on that board.
            guard words.count == 1, TypedCell.read(first, on: .classic) != .notACell else { return nil }
            self = .play(first)
        }
    }

    /// One line per command, for `help` and the screen's foot.
    /// Each within 80 columns.
    static let lobbyHelp = [
        "new x|o [BOARD] · join CODE · watch CODE · challenge NAME [x|o] [BOARD] · cancel",
        "accept [N] · decline [N] · random [3+2|3d] [BOARD] · bell · logout · quit",
        "BOARD: four|gomoku|ultimate · ↑↓ and Enter: join, watch, challenge or accept",
    ]

    /// Classic's cells are typed as numbers too; the other boards' by column and row alone.
    static func gameHelp(on variant: Variant) -> [String] {
        let cell = variant == .classic ? "a cell (b2 or 4)" : "a cell (\(TypedCell.example(on: variant)))"
        return [
            "\(cell) · say TEXT · resign · rematch · claim · join · back · quit",
            "←↑↓→ choose a cell, Enter plays it",
        ]
    }
}
