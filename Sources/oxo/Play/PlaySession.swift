import Foundation
import TicTacToe

/// One sitting at the terminal: games one after another, with the same sides, until the
/// player quits. It talks to the player only through `input` and `output`.
struct PlaySession<Input: LineSource, Output: TextSink> {
    let lineup: Lineup
    var generator: SeededGenerator
    var input: Input
    let output: Output
    let renderer: BoardRenderer

    mutating func run() {
        output.write(Messages.introduction(to: lineup))
        while playOneGame(), askToPlayAgain() {}
        output.write(Messages.goodbye + "\n")
    }

    /// Plays a game to its end and shows the result; false when the player quits first.
    private mutating func playOneGame() -> Bool {
        var state = GameState()
        while let mark = state.turn {
            if let computer = lineup.computer(playing: mark) {
                // The computer only ever picks one of the legal moves, so neither can fail.
                let cell = computer.move(in: state, using: &generator)!
                state = try! state.playing(cell)
                output.write(Messages.computerTook(cell, as: mark) + "\n")
            } else {
                guard let next = askForMove(in: state, by: mark) else { return false }
                state = next
            }
        }
        output.write(renderer.render(state.board, highlighting: state.status.winningLine))
        output.write(Messages.result(of: state.status) + "\n")
        return true
    }

    /// Asks the person playing `mark` until they type a legal move, and plays it; nil
    /// when they quit. A mistake is explained and the same position asked about again.
    private mutating func askForMove(in state: GameState, by mark: Mark) -> GameState? {
        output.write(renderer.render(state.board))
        while true {
            guard let answer = ask(Messages.movePrompt(for: mark, in: lineup)) else { return nil }
            guard !answer.isEmpty else { continue }
            guard let cell = TypedCell.parse(answer) else {
                output.write(Messages.notACell(answer) + "\n")
                continue
            }
            do {
                return try state.playing(cell, as: mark)
            } catch {
                // It is this mark's turn in a game still on, so only the cell can be wrong.
                output.write(Messages.taken(cell) + "\n")
            }
        }
    }

    private mutating func askToPlayAgain() -> Bool {
        while let answer = ask(Messages.playAgainPrompt) {
            switch answer.lowercased() {
            case "y", "yes": return true
            case "n", "no": return false
            default: output.write(Messages.answerYesOrNo + "\n")
            }
        }
        return false
    }

    /// Shows `prompt` and returns the answer without surrounding spaces; nil when the
    /// player quits, by typing q or quit or by ending the input.
    private mutating func ask(_ prompt: String) -> String? {
        output.write(prompt)
        guard let line = input.nextLine() else {
            // End of input leaves the cursor after the prompt; start a fresh line.
            output.write("\n")
            return nil
        }
        let answer = line.trimmingCharacters(in: .whitespaces)
        return ["q", "quit"].contains(answer.lowercased()) ? nil : answer
    }
}
