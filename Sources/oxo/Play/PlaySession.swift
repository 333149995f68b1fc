import Foundation
import TicTacToe

/// One sitting at the terminal: games of one variant one after another, with the same
/// sides, until the player quits. It talks to the player only through `input` and `output`.
struct PlaySession<Input: LineSource, Output: TextSink> {
    var variant = Variant.classic
    let lineup: Lineup
    var generator: SeededGenerator
    var input: Input
    let output: Output
    let renderer: BoardRenderer

    mutating func run() {
        output.write(Messages.introduction(to: lineup, on: variant))
        while playOneGame(), askToPlayAgain() {}
        output.write(Messages.goodbye + "\n")
    }

    /// Plays a game to its end and shows the result; false when the player quits first.
    private mutating func playOneGame() -> Bool {
        var game = VariantGame(variant)
        while let mark = game.turn {
            if let computer = lineup.computer(playing: mark) {
                game = playComputerMove(by: computer, as: mark, in: game)
            } else {
                guard let next = askForMove(in: game, by: mark) else { return false }
                game = next
            }
        }
        output.write(renderer.render(BoardPicture(game)))
        output.write(Messages.result(of: game.status, on: variant) + "\n")
        return true
    }

    private mutating func playComputerMove(by computer: ComputerPlayer, as mark: Mark, in game: VariantGame) -> VariantGame {
        // A search of Gomoku or Ultimate may take a second: the player is told before it
        // starts rather than left looking at a terminal that seems stuck.
        let searches = [.gomoku, .ultimate].contains(variant) && computer.level != .easy
        if searches { output.write(Messages.computerThinks(as: mark)) }
        // The computer only ever picks one of the legal moves, so neither can fail.
        let index = computer.move(in: game, using: &generator)!
        output.write((searches ? Messages.computerTakes(index, on: variant) : Messages.computerTook(index, as: mark, on: variant)) + "\n")
        return try! game.playing(index: index, as: mark)
    }

    /// Asks the person playing `mark` until they type a legal move, and plays it; nil
    /// when they quit. A mistake is explained and the same position asked about again.
    private mutating func askForMove(in game: VariantGame, by mark: Mark) -> VariantGame? {
        output.write(renderer.render(BoardPicture(game)))
        while true {
            guard let answer = ask(Messages.movePrompt(for: mark, in: lineup)) else { return nil }
            guard !answer.isEmpty else { continue }
            switch TypedCell.read(answer, on: variant) {
            case .notACell:
                output.write(Messages.notACell(answer, on: variant) + "\n")
            case .outsideBoard:
                output.write(Messages.refusal(.outsideBoard, of: answer, at: nil, in: game) + "\n")
            case .cell(let index):
                do {
                    return try game.playing(index: index, as: mark)
                } catch {
                    output.write(Messages.refusal(error, of: answer, at: index, in: game) + "\n")
                }
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
