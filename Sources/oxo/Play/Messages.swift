import TicTacToe

/// What the game says to the player, in one place so that the wording stays consistent.
/// Classic's words are those it always had; the other boards add their rules and name
/// cells by column and row alone.
enum Messages {
    static func howToMove(on variant: Variant) -> String {
        variant == .classic ? "Type a cell number 1–9 or a coordinate like b2; q quits."
            : "Type a cell as \(TypedCell.howToName(on: variant)); q quits."
    }

    /// The first words of a session: the rules of a board other than classic (wrapped to
    /// the 80 columns of the smallest terminal), who plays, and how to move.
    static func introduction(to lineup: Lineup, on variant: Variant) -> String {
        let rules = variant == .classic ? ""
            : WordWrap.lines(of: "\(variant.displayName): \(variant.rulesText)", columns: 80).joined(separator: "\n") + "\n"
        let firstMove = variant == .classic ? " X moves first." : ""
        let who = switch lineup {
        case .twoPeople: "Two players, one keyboard."
        case .againstComputer(let computer, let human): "You play \(human) against the computer (\(computer.level.rawValue))."
        }
        return rules + who + firstMove + "\n" + howToMove(on: variant) + "\n"
    }

    static func movePrompt(for mark: Mark, in lineup: Lineup) -> String {
        switch lineup {
        case .twoPeople: "\(mark) to move > "
        case .againstComputer: "Your move (\(mark)) > "
        }
    }

    static func computerTook(_ index: Int, as mark: Mark, on variant: Variant) -> String {
        "The computer (\(mark)) takes \(CellName.name(of: index, in: variant))."
    }

    /// Said before a search that may take a while, finished by `computerTakes` on the same line.
    static func computerThinks(as mark: Mark) -> String { "The computer (\(mark)) thinks… " }

    static func computerTakes(_ index: Int, on variant: Variant) -> String {
        "and takes \(CellName.name(of: index, in: variant))."
    }

    static func notACell(_ answer: String, on variant: Variant) -> String {
        variant == .classic ? "\(answer) is not a cell: type a cell number 1–9 or a coordinate like b2."
            : "\(answer) is not a cell: type \(TypedCell.howToName(on: variant))."
    }

    static let playAgainPrompt = "Play again? [y/n] "
    static let answerYesOrNo = "Please answer y or n."
    static let goodbye = "Bye."
}
