import ArgumentParser
import TicTacToe

/// `oxo play`: Tic-Tac-Toe and its variants in the terminal, two people on one keyboard
/// or one against the computer.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play Tic-Tac-Toe or a variant in the terminal, with a friend or against the computer.",
        discussion: """
            Without --vs, two people share the keyboard and take turns. With --vs, you \
            play against the computer at the level you choose. X always moves first.

            On your turn, type the cell you want and press Return: its number, or its \
            coordinate (column a–c from the left, row 1–3 from the top, either case). \
            Empty cells on the board show their number, 1–9 as on a phone's keypad, so \
            the centre is 5 or b2 and the bottom-right corner is 9 or c3:

                 a   b   c
              1  1 │ 2 │ 3
                ───┼───┼───
              2  4 │ 5 │ 6
                ───┼───┼───
              3  7 │ 8 │ 9

            The other boards (--variant) name cells by column and row alone: a1–d4 on \
            four in a row, a1–o15 on Gomoku (h8 is the centre) and a1–i9 on Ultimate's \
            whole grid (e5 is the centre of the centre board), where only the cells you may \
            play show a dot and a won small board is drawn as its winner's big mark. The \
            rules are shown as a game starts. On Gomoku and Ultimate the computer searches: \
            easy and medium look a little ahead, hard and perfect as far as they can (and \
            may think for a second).

            Type q or quit at any prompt to stop; so does the end of input (Ctrl-D).

            Examples:
              oxo play                         two people, one keyboard
              oxo play --vs easy               you are X against a beginner
              oxo play --vs perfect --as O     the computer opens, and never loses
              oxo play --vs hard --seed 42     the computer plays the same way every time
              oxo play --variant gomoku --vs medium
              oxo play --variant ultimate      two people, nine boards in one
            """
    )

    @Option(help: ArgumentHelp("The board to play on.", valueName: "variant"))
    var variant = Variant.classic

    @Option(name: [.customLong("vs"), .customLong("level")],
            help: ArgumentHelp("Play against the computer at this level.", valueName: "level"))
    var level: Level?

    @Option(name: .customLong("as"), help: ArgumentHelp("Your mark against the computer (default: X, which moves first).", valueName: "mark"))
    var mark: Mark?

    @Option(help: ArgumentHelp("Makes the computer's choices repeatable (default: a random seed).", valueName: "n"))
    var seed: UInt64?

    func validate() throws {
        if level == nil, mark != nil || seed != nil {
            throw ValidationError("--as and --seed set up a game against the computer; add --vs LEVEL.")
        }
    }

    func run() {
        let lineup = level.map { Lineup.againstComputer(ComputerPlayer(level: $0), human: mark ?? .x) } ?? .twoPeople
        var session = PlaySession(
            variant: variant,
            lineup: lineup,
            generator: SeededGenerator(seed: seed ?? .random(in: .min ... .max)),
            input: StandardInput(),
            output: StandardOutput(),
            renderer: BoardRenderer(usesColour: StandardOutput.wantsColour)
        )
        session.run()
    }
}
