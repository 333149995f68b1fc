import Foundation
import OXOProtocol
import Testing
import TicTacToe
@testable import OXOPlay

/// The rules of time, without a server: who wins when time runs out, and what both clocks
/// and the deadline become at the start, after a move and at the end.
@Suite("Time rules decide who wins on time and what the clocks show")
struct TimeRulesTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Every position reachable by legal play, each once.
    static let positions: [GameState] = {
        var seen: Set<Board> = [], found: [GameState] = [], frontier = [GameState()]
        while let state = frontier.popLast() {
            guard seen.insert(state.board).inserted else { continue }
            found.append(state)
            for cell in state.legalMoves { frontier.append(try! state.playing(cell)) }
        }
        return found
    }()

    /// "Can `mark` still make a line?" answered from the nine cells alone, apart from the
    /// engine: `mark` has a line, or the game is not over and some empty cell, filled by the
    /// side to move, leads to a board where it can.
    static func reference(_ mark: Mark, cells: [Mark?], toMove: Mark) -> Bool {
        let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
        func hasLine(_ who: Mark) -> Bool { lines.contains { $0.allSatisfy { cells[$0] == who } } }
        if hasLine(mark) { return true }
        if hasLine(mark.opponent) { return false }
        return cells.indices.contains { index in
            guard cells[index] == nil else { return false }
            var next = cells
            next[index] = toMove
            return reference(mark, cells: next, toMove: toMove.opponent)
        }
    }

    @Test func whetherASideCanStillWinAgreesWithTheReferenceInEveryReachablePosition() {
        #expect(Self.positions.count == 5478)
        for state in Self.positions {
            let cells = Cell.all.map { state.board[$0] }
            let toMove: Mark = cells.compactMap { $0 }.count % 2 == 0 ? .x : .o
            for mark in Mark.allCases {
                #expect(VariantGame(state).couldStillWin(mark) == Self.reference(mark, cells: cells, toMove: toMove),
                        "\(mark) in \(state.board)")
            }
        }
    }

    @Test func theSideThatRunsOutLosesUnlessTheOtherCouldNoLongerWin() throws {
        // X to move after X 4; O may still make a line.
        #expect(GameRules.timeout(try VariantGame(.classic, moves: [4, 0])) == .o)
        // X at 0 and 4, O at 1 and 3, X to move: O has two moves left and no line to make.
        #expect(GameRules.timeout(try VariantGame(.classic, moves: [0, 1, 4, 3])) == nil)
        // O to move with X able to finish a line: X wins.
        #expect(GameRules.timeout(try VariantGame(.classic, moves: [4])) == .x)
        #expect(GameRules.timeout(VariantGame(.classic)) == .o, "X runs out before moving; O could still win")
    }

    @Test func aClockStartsFullChargesEachTurnAddsTheIncrementAndNeverGoesBelowZero() throws {
        let control = TimeControl.clock(minutes: 3, increment: 2)
        let atStart = GameRules.timingAtStart(control, at: Self.start)
        #expect(atStart == GameRules.Timing(xMs: 180_000, oMs: 180_000, turnStartedAt: Self.start,
                                            deadline: Self.start.addingTimeInterval(180)))
        var row = try GameRulesTests.game().row
        (row.timeControlKind, row.clockInitial, row.clockIncrement) = (.clock, 180, 2)
        row.take(atStart)
        let moved = GameRules.timing(after: .x, in: row, at: Self.start.addingTimeInterval(10.25), gameGoesOn: true)
        #expect(moved.xMs == 171_750 && moved.oMs == 180_000)
        #expect(moved.deadline == Self.start.addingTimeInterval(190.25))
        let last = GameRules.timing(after: .x, in: row, at: Self.start.addingTimeInterval(10), gameGoesOn: false)
        #expect(last.deadline == nil, "a move that ends the game leaves no deadline")
        let late = GameRules.stopped(row, running: .x, at: Self.start.addingTimeInterval(500))
        #expect(late.xMs == 0 && late.oMs == 180_000)
    }

    @Test func aCorrespondenceMoveHasItsDaysAndARemindWhenAQuarterIsLeft() throws {
        let timing = GameRules.timingAtStart(.correspondence(days: 3), at: Self.start)
        #expect(timing.deadline == Self.start.addingTimeInterval(3 * 86_400))
        #expect(timing.remindAt == Self.start.addingTimeInterval(3 * 86_400 * 0.75))
        #expect(timing.xMs == nil && timing.oMs == nil)
    }

    @Test func aMoveAtOrAfterTheDeadlineIsRefused() throws {
        var row = try GameRulesTests.game().row
        row.deadlineAt = Self.start
        #expect(throws: APIError.self) { try GameRules.requireTime(row, at: Self.start) }
        try GameRules.requireTime(row, at: Self.start.addingTimeInterval(-0.001))
        row.deadlineAt = nil
        try GameRules.requireTime(row, at: Self.start.addingTimeInterval(1e9))
    }
}
