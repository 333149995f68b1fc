import Testing

@Suite("oxo play --vs: one person against the computer")
struct ComputerGameTests {
    @Test func thePerfectComputerNeverLosesToAPlayerWhoTakesTheFirstEmptyCell() async throws {
        let oxo = try RunningOXO(["play", "--vs", "perfect", "--seed", "1"])
        var movesTyped = 0
        while let screen = await oxo.readUntilPrompt() {
            if screen.hasSuffix("Play again? [y/n] ") {
                oxo.type(["n"])
            } else {
                // X moves at most five times in a game; more means the game never ended.
                try #require(movesTyped < 5)
                oxo.type([try #require(ShownBoard(lastIn: screen)?.firstEmptyCell)])
                movesTyped += 1
            }
        }
        let run = await oxo.finish()

        #expect(run.output.contains("The computer (O) takes"), "\(run)")
        #expect(!run.output.contains("X wins"), "\(run)")
        #expect(run.output.contains("O wins with") || run.output.contains("Draw."), "\(run)")
        #expect(run.status == 0, "\(run)")
    }

    @Test func playingOTheComputerOpens() async throws {
        let oxo = try RunningOXO(["play", "--vs", "perfect", "--as", "O"])
        let screen = try #require(await oxo.readUntilPrompt())
        oxo.endInput()
        let run = await oxo.finish()

        #expect(screen.contains("The computer (X) takes"))
        let board = try #require(ShownBoard(lastIn: screen))
        #expect(board.count(of: "X") == 1 && board.count(of: "O") == 0)
        #expect(screen.hasSuffix("Your move (O) > "))
        #expect(run.status == 0, "\(run)")
    }

    @Test func theSameSeedGivesTheSameGame() async throws {
        let arguments = ["play", "--vs", "easy", "--as", "O", "--seed", "7"]
        // Whichever cells are free, one of these is always legal for O in time.
        let moves = (1...9).map(String.init)
        let first = try await OXOProcess.run(arguments, typing: moves)
        let second = try await OXOProcess.run(arguments, typing: moves)

        #expect(first.output == second.output, "\(first)\n\(second)")
        #expect(first.output.contains("The computer (X) takes"), "\(first)")
    }
}
