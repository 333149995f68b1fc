import ArgumentParser
import OXOClient

/// `oxo online`: play people on a server from the terminal.
struct OnlineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "online",
        abstract: "Play people on an OXO server from the terminal: the lobby, challenges, Play random, games, chat.",
        discussion: """
            Signs in (or registers) first, and keeps the session for next time in \
            $XDG_CONFIG_HOME/oxo/sessions.json (else ~/.config/oxo), readable by you alone. \
            Then the lobby fills the terminal: challenges for you, your games, open games, \
            live games and who is online, kept up to date as they change.

            ↑ and ↓ choose a row and Enter acts on it: accept the challenge, open your \
            game, join the open game, watch the live one, challenge the player. In a game \
            the arrows move over the board and Enter plays the chosen cell. Or type:

              new x|o [BOARD]      start a game as X (moves first) or O
              join CODE            take the free seat of a game
              watch CODE           follow a game without playing
              challenge NAME [x|o] [BOARD] [3+2|3d]
                                   ask an online player for a game
              accept [N]           accept challenge N (1: the first); decline [N]
              cancel               withdraw your challenges
              random [3+2|3d] [BOARD]
                                   Play random: pairs you with anyone waiting for the same,
                                   casual, on a clock (minutes+seconds a move) or by days a
                                   move (again: leave)
              bell                 show the notifications, and mark them read
              b2 or 5              play a cell (columns a–c, rows 1–3, or 1–9; on the
                                   other boards a column and a row alone, such as h8)
              say TEXT             write in the game's chat
              resign | rematch | claim (the win, from an opponent gone too long)
              back                 back to the lobby (Esc too)
              logout               end the session and forget it
              quit                 leave (Ctrl-C too); the session stays

            BOARD is classic (3×3, the default), four (four in a row on 4×4), gomoku \
            (five or more in a row on 15×15) or ultimate (nine small boards in one), in any \
            order with the side and the pace: random gomoku 3+2, new o ultimate. Ultimate's \
            cells are named on its whole 9×9 grid (a1–i9), and the board you must play in \
            is said under it. A Gomoku board taller than the window shows the rows around \
            the chosen cell.

            Without a terminal that can redraw (TERM=dumb, or the input or output not a \
            terminal), or with --plain, it works line by line: each change prints the \
            screen again below. Colours are off with NO_COLOR or when the output is not a \
            terminal.

            Examples:
              oxo online                                 the server at OXO_URL, else this machine
              oxo online --server https://oxo.example
              then, in the lobby: new x gomoku, random ultimate 3+2, challenge bob four
              TERM=dumb oxo online --plain
            """
    )

    @OptionGroup var server: ServerOption

    @Flag(help: "Line by line, for a terminal that cannot redraw.")
    var plain = false

    func run() async throws {
        guard #available(macOS 14.0, *) else { throw ValidationError("oxo online needs macOS 14 or later.") }
        let sessions = SavedSessions()
        guard let client = try await SignIn(server: server, sessions: sessions).signedInClient() else { return }
        let signedOut = try await Self.play(as: client, plain: plain || !Terminal.canRedraw)
        if signedOut { try sessions.save(nil, for: server.address) }
    }

    /// Runs the lobby and the games until the player leaves; true when they signed out.
    @available(macOS 14.0, *)
    @MainActor
    private static func play(as client: OXOClient, plain: Bool) async throws -> Bool {
        let live = try await LiveSession.start(client)
        let app = await OnlineApp(live: live, lobby: LobbyModel(on: live), inbox: InboxModel(on: live), isPlain: plain)
        await OnlineLoop.run(app, colour: StandardOutput.wantsColour && !plain)
        await app.game?.close()
        await live.close()
        return app.signedOut
    }
}
