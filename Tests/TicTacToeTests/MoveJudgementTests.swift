import Testing
import TicTacToe

@Suite("Every move of every reachable position is judged")
struct MoveJudgementTests {
    /// Every legal move of every position where the game is on, with its judgement and the
    /// values of the position before and after it.
    static let judgedMoves: [(state: GameState, cell: Cell, judgement: MoveJudgement)] = reachablePositions
        .filter { !$0.status.isOver }
        .flatMap { state in state.legalMoves.map { (state: state, cell: $0, judgement: Analysis.judge($0, in: state)!) } }

    @Test func everyLegalMoveIsJudgedAndNothingElse() {
        #expect(Self.judgedMoves.count > 10_000)
        for state in reachablePositions {
            for cell in Cell.all where !state.legalMoves.contains(cell) {
                #expect(Analysis.judge(cell, in: state) == nil)
            }
        }
    }

    @Test func aBestMoveNeverLowersTheValueOfThePosition() {
        for (state, cell, judgement) in Self.judgedMoves where judgement.verdict == .best {
            #expect(judgement.outcome == Analysis.outcome(of: state), "\(state.moves) then \(cell)")
            #expect(judgement.bestCells.contains(cell))
        }
    }

    @Test func aMistakeAlwaysMakesTheResultWorseForItsSide() {
        for (state, cell, judgement) in Self.judgedMoves where judgement.verdict == .mistake {
            let before = Analysis.outcome(of: state)!
            #expect(judgement.outcome.kind < before.kind, "\(state.moves) then \(cell)")
            #expect(!judgement.bestCells.contains(cell))
            // Seen from the opponent's side after the move: the result got better for them.
            let after = try! state.playing(cell)
            if let reply = Analysis.outcome(of: after) {
                #expect(reply.kind > flipped(before).kind)
            }
        }
    }

    @Test func aNeutralMoveKeepsTheResultButNotTheBestValue() {
        for (state, cell, judgement) in Self.judgedMoves where judgement.verdict == .neutral {
            let before = Analysis.outcome(of: state)!
            #expect(judgement.outcome.kind == before.kind, "\(state.moves) then \(cell)")
            #expect(judgement.outcome < before)
            #expect(before != .draw, "every move that keeps a draw is as good as any other")
        }
    }

    @Test func theVerdictFollowsFromTheMovesOutcomeAndTheBest() {
        var counts: [MoveVerdict: Int] = [:]
        for (state, cell, judgement) in Self.judgedMoves {
            let evaluations = Analysis.evaluations(of: state)
            let best = evaluations.map(\.outcome).max()!
            let played = evaluations.first { $0.cell == cell }!.outcome
            #expect(judgement.outcome == played && judgement.bestOutcome == best)
            #expect(judgement.bestCells == evaluations.filter { $0.outcome == best }.map(\.cell))
            let expected: MoveVerdict = played == best ? .best : played.kind == best.kind ? .neutral : .mistake
            #expect(judgement.verdict == expected)
            counts[judgement.verdict, default: 0] += 1
        }
        // All three happen, so none of the tests above holds only vacuously.
        #expect(MoveVerdict.allCases.allSatisfy { counts[$0, default: 0] > 10 }, "\(counts)")
    }

    @Test func aLostPositionHasNoMistakesOnlySlowerOrQuickerLosses() {
        for (state, _, judgement) in Self.judgedMoves where Analysis.outcome(of: state)?.kind == .loss {
            #expect(judgement.verdict != .mistake)
        }
    }

    @Test func aGameIsJudgedMoveByMoveInThePositionEachWasPlayedIn() throws {
        // X opens in the centre and O answers on an edge, a reply that loses; the game
        // goes on to a draw.
        let game = try GameState(moves: [4, 1, 8, 0, 2, 6, 3, 5, 7].map { Cell(index: $0)! })
        let judgements = Analysis.judgements(of: game)
        #expect(judgements.count == 9)
        #expect(judgements[0].verdict == .best)
        #expect(judgements[1].verdict == .mistake, "an edge reply to the centre loses")
        for (index, judgement) in judgements.enumerated() {
            let position = try GameState(moves: game.moves.prefix(index))
            #expect(judgement == Analysis.judge(game.moves[index], in: position))
        }
    }

    @Test func theOpeningMoveIsAlwaysBestSinceEveryOpeningDraws() {
        for cell in Cell.all {
            #expect(Analysis.judge(cell, in: GameState())?.verdict == .best)
        }
    }

    private func flipped(_ outcome: Outcome) -> Outcome {
        switch outcome {
        case .win(let n): .loss(inMoves: n)
        case .draw: .draw
        case .loss(let n): .win(inMoves: n)
        }
    }
}

@Suite("The text notation")
struct NotationTests {
    @Test func everyReachableGameWritesAndReadsBackTheSame() throws {
        for state in reachablePositions {
            let text = Notation.text(of: state)
            #expect(text.split(separator: "\n").count == state.moves.count)
            #expect(try Notation.parse(text) == state)
        }
    }

    @Test func aMoveIsItsNumberCellAndMarkWithRowOneAtTheTop() throws {
        let game = try GameState(moves: [4, 0, 8].map { Cell(index: $0)! })
        #expect(Notation.text(of: game) == "1. b2 X\n2. a1 O\n3. c3 X\n")
        #expect(Notation.line(number: 7, cell: Cell(index: 6)!, mark: .o) == "7. a3 O")
    }

    @Test func commentsAndBlankLinesAreSkipped() throws {
        let text = "# X: alice\r\n# O: bob\n\n1. b2 X\r\n2. A1 o\n"
        #expect(try Notation.parse(text).moves == [4, 0].map { Cell(index: $0)! })
    }

    @Test(arguments: [
        ("1. b2 X\nhello\n", Notation.ParseError.notAMove(line: 2)),
        ("1 b2 X\n", .notAMove(line: 1)),
        ("1. d4 X\n", .notAMove(line: 1)),
        ("1. 4 X\n", .notAMove(line: 1)),
        ("1. b2 X\n2. b2 O\n", .illegalMove(line: 2)),
        ("1. b2 O\n", .illegalMove(line: 1)),
        ("1. b2 X\n3. a1 O\n", .illegalMove(line: 2)),
        ("1. a1 X\n2. b1 O\n3. a2 X\n4. b2 O\n5. a3 X\n6. c3 O\n", .illegalMove(line: 6)),
    ])
    func aBadLineIsRefusedWithItsNumber(text: String, error: Notation.ParseError) {
        #expect(throws: error) { try Notation.parse(text) }
    }
}
