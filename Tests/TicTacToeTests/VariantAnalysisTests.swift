import Testing
import TicTacToe

@Suite("Hints for every variant")
struct VariantAnalysisTests {
    /// Plain negamax over a 4×4 board, no pruning and no table: the value of playing
    /// `cell` for the side to move, as an `Outcome`.
    static func plainValue(of marks: [Mark?], playing cell: Int, as mark: Mark) -> Outcome {
        var marks = marks
        marks[cell] = mark
        if VariantReference.winners(of: marks, width: 4, height: 4, length: 4).contains(mark) { return .win(inMoves: 1) }
        let empty = marks.indices.filter { marks[$0] == nil }
        guard !empty.isEmpty else { return .draw }
        switch empty.map({ plainValue(of: marks, playing: $0, as: mark.opponent) }).max()! {
        case .win(let n): return .loss(inMoves: n + 1)
        case .draw: return .draw
        case .loss(let n): return .win(inMoves: n + 1)
        }
    }

    @Test func fourInARowHintsAreExactOnLatePositions() throws {
        var generator = SeededGenerator(seed: 4)
        var kinds: Set<Outcome.Kind> = []
        for _ in 0..<40 {
            var game = VariantGame(.fourInARow)
            for _ in 0..<10 {
                guard let move = game.legalMoves.randomElement(using: &generator) else { break }
                game = try game.playing(index: move)
            }
            guard let mark = game.turn else { continue }
            let hints = VariantAnalysis.evaluations(of: game)
            #expect(hints.map(\.index) == game.legalMoves)
            for hint in hints {
                #expect(hint.source == .solver)
                #expect(hint.outcome == Self.plainValue(of: game.cells, playing: hint.index, as: mark), "\(game.moves) then \(hint.index)")
                kinds.insert(hint.outcome!.kind)
            }
        }
        #expect(kinds == [.win, .draw, .loss], "the positions are not all alike")
    }

    @Test func fourInARowIsADrawFromTheStart() {
        let hints = VariantAnalysis.evaluations(of: VariantGame(.fourInARow))
        #expect(hints.count == 16 && hints.allSatisfy { $0.outcome == .draw && $0.score == 0 })
    }

    @Test func classicHintsAreTheClassicSolversValues() throws {
        let game = try VariantGame(.classic, moves: [4, 1])
        let classic = try #require(game.classicState)
        let hints = VariantAnalysis.evaluations(of: game)
        #expect(hints.map(\.index) == Analysis.evaluations(of: classic).map(\.cell.index))
        #expect(hints.map(\.outcome) == Analysis.evaluations(of: classic).map(\.outcome))
        #expect(hints.allSatisfy { $0.source == .solver })
    }

    @Test(arguments: [Variant.gomoku, .ultimate])
    func searchedHintsCoverEveryLegalMoveAndRankAWinFirst(variant: Variant) throws {
        let (game, wins) = try #require(VariantComputerPlayerTests.winningChances(in: variant, count: 1).first)
        let hints = VariantAnalysis.evaluations(of: game)
        #expect(hints.map(\.index) == game.legalMoves)
        #expect(hints.allSatisfy { $0.source == .engine && $0.outcome == nil && (-1...1).contains($0.score) })
        let best = hints.map(\.score).max()!
        #expect(hints.filter { $0.score == best }.allSatisfy { wins.contains($0.index) })
        #expect(VariantAnalysis.evaluations(of: game) == hints, "the same position gets the same hints")
    }

    @Test(arguments: [[5], [0, 5, 10]])
    func fourInARowsBestDrawsSetTheMostTraps(moves: [Int]) throws {
        let game = try VariantGame(.fourInARow, moves: moves)
        func losingReplies(after move: Int) throws -> Int {
            VariantAnalysis.evaluations(of: try game.playing(index: move)).filter { $0.outcome?.kind == .loss }.count
        }
        let draws = VariantAnalysis.evaluations(of: game).filter { $0.outcome == .draw }.map(\.index)
        let traps = try draws.map(losingReplies)
        let best = VariantAnalysis.bestMoves(in: game)
        #expect(!best.isEmpty && Set(best) == Set(zip(draws, traps).filter { $0.1 == traps.max()! }.map(\.0)))
    }

    @Test(arguments: Variant.allCases)
    func theBestMovesIncludeEveryWinAtOnce(variant: Variant) throws {
        for (game, wins) in try VariantComputerPlayerTests.winningChances(in: variant, count: 2) {
            #expect(Set(VariantAnalysis.bestMoves(in: game)).isSubset(of: wins), "\(game.moves)")
        }
    }

    @Test func aFinishedGameHasNoHints() throws {
        let over = try VariantGame(.fourInARow, moves: [0, 4, 1, 5, 2, 6, 3])
        #expect(VariantAnalysis.evaluations(of: over).isEmpty && VariantAnalysis.bestMoves(in: over).isEmpty)
    }
}
