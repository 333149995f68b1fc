import Testing

@Suite("oxo play: sessions, quitting and help")
struct SessionTests {
    static let xWinsOnTheTopRow = ["0", "3", "1", "4", "2"]

    @Test func playAgainStartsAFreshGameAndQQuitsIt() throws {
        let run = try OXOProcess.run(["play"], typing: Self.xWinsOnTheTopRow + ["y", "q"])

        #expect(run.output.contains("X wins with a1-b1-c1."))
        let secondGame = try #require(run.output.components(separatedBy: "Play again? [y/n] ").last)
        #expect(ShownBoard(lastIn: secondGame) == ShownBoard("012345678"))
        #expect(secondGame.hasSuffix("X to move > Bye.\n"))
        #expect(run.status == 0)
    }

    @Test func quitWorksAtThePlayAgainPromptToo() throws {
        let run = try OXOProcess.run(["play"], typing: Self.xWinsOnTheTopRow + ["maybe", "QUIT"])

        #expect(run.output.contains("Please answer y or n."))
        #expect(run.output.hasSuffix("Play again? [y/n] Bye.\n"))
        #expect(run.status == 0)
    }

    @Test(arguments: [
        ([], "X to move > "),
        (["4"], "O to move > "),
        (xWinsOnTheTopRow, "Play again? [y/n] "),
    ])
    func endOfInputQuitsCleanly(typing lines: [String], atPrompt prompt: String) throws {
        let run = try OXOProcess.run(["play"], typing: lines)

        // The input ends at the prompt; the goodbye starts a fresh line.
        #expect(run.output.hasSuffix(prompt + "\nBye.\n"))
        #expect(run.errors.isEmpty)
        #expect(run.status == 0)
    }

    @Test func helpExplainsTheOptionsAndHowToTypeAMove() throws {
        let run = try OXOProcess.run(["play", "--help"])

        for text in ["--vs", "--as", "--seed", "perfect", "b2", "quit"] {
            #expect(run.output.contains(text), "help mentions \(text)")
        }
        #expect(run.status == 0)
    }

    @Test func choosingASideWithoutAComputerIsRefused() throws {
        let run = try OXOProcess.run(["play", "--as", "O"])

        #expect(run.errors.contains("--vs"))
        #expect(run.status != 0)
    }
}
