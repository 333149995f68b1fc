import TicTacToe

/// What the game says to the player, in one place so that the wording stays consistent.
enum Messages {
    static let howToMove = "Type a cell number 1–9 or a coordinate like b2; q quits."

    static func introduction(to lineup: Lineup) -> String {
        switch lineup {
        case .twoPeople:
            "Two players, one keyboard. X moves first.\n\(howToMove)\n"
        case .againstComputer(let computer, let human):
            "You play \(human) against the computer (\(computer.level.rawValue)). X moves first.\n\(howToMove)\n"
        }
    }

    static func movePrompt(for mark: Mark, in lineup: Lineup) -> String {
        switch lineup {
        case .twoPeople: "\(mark) to move > "
        case .againstComputer: "Your move (\(mark)) > "
        }
    }

    static func computerTook(_ cell: Cell, as mark: Mark) -> String {
        "The computer (\(mark)) takes \(cell.name)."
    }

    static func notACell(_ answer: String) -> String {
        "\(answer) is not a cell: type a cell number 1–9 or a coordinate like b2."
    }

    static func taken(_ cell: Cell) -> String {
        "\(cell.name) is already taken: choose a cell that shows a number."
    }

    /// The result of a finished game.
    static func result(of status: GameStatus) -> String {
        if case .won(let mark, let line) = status { "\(mark) wins with \(line)." } else { "Draw." }
    }

    static let playAgainPrompt = "Play again? [y/n] "
    static let answerYesOrNo = "Please answer y or n."
    static let goodbye = "Bye."
}
