import Testing

@Suite("oxo play: two people on one keyboard")
struct TwoPlayerGameTests {
    @Test func aGameToAnXWinReportsTheWinningLine() async throws {
        // Numbers and coordinates in either case all name cells.
        let run = try await OXOProcess.run(["play"], typing: ["a1", "2", "B2", "c1", "9", "n"])

        #expect(run.output.contains("X wins with a1-b2-c3."), "\(run)")
        #expect(ShownBoard(lastIn: run.output) == ShownBoard("XOO4X678X"), "\(run)")
        #expect(run.output.hasSuffix("Play again? [y/n] Bye.\n"), "\(run)")
        #expect(run.status == 0, "\(run)")
    }

    @Test func mistakesAreExplainedInWordsAndTheSamePlayerTriesAgain() async throws {
        let run = try await OXOProcess.run(["play"], typing: ["b2", "5", "zz", "0", "", "A1"])

        #expect(run.output.contains("b2 is already taken"), "\(run)")
        #expect(run.output.contains("zz is not a cell: type a cell number 1–9 or a coordinate like b2."), "\(run)")
        #expect(run.output.contains("0 is not a cell: type a cell number 1–9 or a coordinate like b2."), "\(run)")
        // O was asked once, then again after each of the four mistakes, and then played a1.
        #expect(run.output.components(separatedBy: "O to move > ").count - 1 == 5, "\(run)")
        #expect(ShownBoard(lastIn: run.output) == ShownBoard("O234X6789"), "\(run)")
        #expect(run.output.hasSuffix("X to move > \nBye.\n"), "\(run)")
        #expect(run.status == 0, "\(run)")
    }
}
