import Testing

@Suite("oxo play: sessions, quitting and help")
struct SessionTests {
    static let xWinsOnTheTopRow = ["1", "4", "2", "5", "3"]

    @Test func playAgainStartsAFreshGameAndQQuitsIt() async throws {
        let run = try await OXOProcess.run(["play"], typing: Self.xWinsOnTheTopRow + ["y", "q"])

        #expect(run.output.contains("X wins with a1-b1-c1."), "\(run)")
        let secondGame = try #require(run.output.components(separatedBy: "Play again? [y/n] ").last)
        #expect(ShownBoard(lastIn: secondGame) == ShownBoard("123456789"))
        #expect(secondGame.hasSuffix("X to move > Bye.\n"))
        #expect(run.status == 0, "\(run)")
    }

    @Test func quitWorksAtThePlayAgainPromptToo() async throws {
        let run = try await OXOProcess.run(["play"], typing: Self.xWinsOnTheTopRow + ["maybe", "QUIT"])

        #expect(run.output.contains("Please answer y or n."), "\(run)")
        #expect(run.output.hasSuffix("Play again? [y/n] Bye.\n"), "\(run)")
        #expect(run.status == 0, "\(run)")
    }

    @Test(arguments: [
        ([], "X to move > "),
        (["4"], "O to move > "),
        (xWinsOnTheTopRow, "Play again? [y/n] "),
    ])
    func endOfInputQuitsCleanly(typing lines: [String], atPrompt prompt: String) async throws {
        let run = try await OXOProcess.run(["play"], typing: lines)

        // The input ends at the prompt; the goodbye starts a fresh line.
        #expect(run.output.hasSuffix(prompt + "\nBye.\n"), "\(run)")
        #expect(run.errors.isEmpty, "\(run)")
        #expect(run.status == 0, "\(run)")
    }

    @Test func helpExplainsTheOptionsAndHowToTypeAMove() async throws {
        let run = try await OXOProcess.run(["play", "--help"])

        for text in ["--vs", "--as", "--seed", "perfect", "b2", "quit"] {
            #expect(run.output.contains(text), "help mentions \(text): \(run)")
        }
        #expect(run.status == 0, "\(run)")
    }

    @Test func choosingASideWithoutAComputerIsRefused() async throws {
        let run = try await OXOProcess.run(["play", "--as", "O"])

        #expect(run.errors.contains("--vs"), "\(run)")
        #expect(run.status != 0, "\(run)")
    }
}
