import TicTacToe

/// Who plays which mark. The sides stay the same for every game of a session.
enum Lineup {
    /// Two people sharing the keyboard.
    case twoPeople
    /// One person playing `human`, the computer playing the other mark.
    case againstComputer(ComputerPlayer, human: Mark)

    /// The computer, when it is the one playing `mark`.
    func computer(playing mark: Mark) -> ComputerPlayer? {
        guard case .againstComputer(let computer, let human) = self, mark != human else { return nil }
        return computer
    }
}
