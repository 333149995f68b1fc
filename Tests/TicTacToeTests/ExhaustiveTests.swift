import Testing
import TicTacToe

@Suite("Every reachable position")
struct ExhaustiveTests {
    @Test func thereAre5478ReachablePositions() {
        #expect(reachablePositions.count == 5478)
        #expect(Analysis.prepare() == 5478)
    }

    @Test func turnStatusAndBoardFollowFromTheMoves() {
        for state in reachablePositions {
            let marks = Reference.marks(of: state.moves)
            #expect(Cell.all.map { state.board[$0] } == marks)
            if let (mark, line) = Reference.winner(of: state.moves) {
                #expect(state.status == .won(by: mark, line: WinningLine(line.map { Cell(index: $0)! })!))
                #expect(state.turn == nil)
            } else if state.moves.count == 9 {
                #expect(state.status == .draw)
                #expect(state.turn == nil)
            } else {
                #expect(state.status == .inProgress)
                #expect(state.turn == (state.moves.count % 2 == 0 ? .x : .o))
            }
        }
    }

    @Test func everyIllegalMoveIsRefusedWithItsReason() throws {
        for state in reachablePositions {
            for cell in Cell.all {
                for mark in Mark.allCases {
                    let result = Result { () throws(MoveError) in try state.playing(cell, as: mark) }
                    let expected: MoveError? =
                        state.status.isOver ? .gameOver
                        : mark != state.turn ? (state.turn == .x ? .xExpected : .oExpected)
                        : state.board[cell] != nil ? .cellOccupied
                        : nil
                    switch result {
                    case .success(let next):
                        #expect(expected == nil)
                        #expect(next.moves == state.moves + [cell])
                        #expect(next.board[cell] == mark)
                    case .failure(let error):
                        #expect(error == expected)
                    }
                }
            }
        }
    }

    @Test func replayingTheMovesGivesTheSameState() throws {
        for state in reachablePositions {
            #expect(try GameState(moves: state.moves) == state)
        }
    }

    @Test func theAnalysisAgreesWithPlainMinimaxFromTheEmptyBoard() {
        let fromScratch = Cell.all.map { Reference.value(of: [$0]) }
        let analysed = Analysis.evaluations(of: GameState())
        #expect(analysed.allSatisfy { $0.outcome == .draw })
        #expect(fromScratch.allSatisfy { $0 == 0 })
    }

    @Test func everyAnalysedValueFollowsFromItsChildren() throws {
        for state in reachablePositions where !state.status.isOver {
            let evaluations = Analysis.evaluations(of: state)
            #expect(evaluations.map(\.cell) == state.legalMoves)
            for evaluation in evaluations {
                let child = try state.playing(evaluation.cell)
                let expected: Outcome = switch child.status {
                case .won: .win(inMoves: 1)
                case .draw: .draw
                case .inProgress: switch Analysis.outcome(of: child)! {
                    case .win(let n): .loss(inMoves: n + 1)
                    case .draw: .draw
                    case .loss(let n): .win(inMoves: n + 1)
                    }
                }
                #expect(evaluation.outcome == expected)
            }
            #expect(Analysis.outcome(of: state) == evaluations.map(\.outcome).max())
        }
    }

    @Test func theAnalysisMatchesPlainMinimaxOnLatePositions() {
        // Plain minimax is slow from early positions; from four moves on it checks every
        // remaining position quickly and independently.
        for state in reachablePositions where !state.status.isOver && state.moves.count >= 4 {
            let plain = Reference.value(of: state.moves)
            let analysed = Analysis.outcome(of: state)!
            switch analysed {
            case .win: #expect(plain == 1)
            case .draw: #expect(plain == 0)
            case .loss: #expect(plain == -1)
            }
        }
    }
}
