import Fluent
import Foundation
import OXOProtocol
import SQLKit
import TicTacToe

/// Builds what clients see of games from their rows: a whole page of games with one
/// query for all their moves, since each row already carries its players and watchers.
package struct GameViews {
    let database: any SQLDatabase

    package init(database: any SQLDatabase) {
        self.database = database
    }

    func view(of row: GameRow) async throws -> GameView {
        try await views(of: [row])[0]
    }

    package func views(of rows: [GameRow]) async throws -> [GameView] {
        let moves = try await database.reads.games.moves(of: rows.map(\.id))
        return try rows.map { try StoredGame(row: $0, moves: moves[$0.id] ?? []).view }
    }

    static func view(of row: GameRow, moves: [MoveRow], state: VariantGame) -> GameView {
        let records = moves.map { MoveRecord(number: $0.number, cell: $0.cell, mark: $0.mark, playedAt: $0.playedAt) }
        func seat(_ mark: Mark) -> Seat? {
            if let player = row.player(mark) { return Seat(player: player) }
            if row.computerMark == mark, let level = row.level { return Seat(computer: level) }
            return nil
        }
        return GameView(
            id: row.gameID, code: row.code, variant: state.variant, mode: row.mode, listed: row.listed, phase: row.phase,
            x: seat(.x), o: seat(.o), moves: records, board: Grid(state.cells),
            turn: row.phase == .live ? state.turn : nil, result: result(of: row, state: state),
            watchers: row.watchers, createdAt: row.createdAt, away: away(in: row), rematch: rematch(of: row),
            timeControl: row.timeControlKind == nil ? nil : row.timeControl, clock: clock(of: row, state: state),
            deadline: row.phase == .live ? row.deadlineAt : nil,
            activeBoard: row.phase == .live ? state.activeBoard : nil, smallBoards: smallBoards(of: state))
    }

    /// Ultimate's small boards as `GameView.smallBoards` writes them; nil for other variants.
    private static func smallBoards(of state: VariantGame) -> String? {
        guard state.variant == .ultimate else { return nil }
        return String(state.smallBoardStatuses.map { status -> Character in
            switch status {
            case .inProgress: "."
            case .draw: "-"
            case .won(let mark, _): Character(mark.rawValue)
            }
        })
    }

    /// Both clocks as they stood when the turn began, once a clocked game has started.
    private static func clock(of row: GameRow, state: VariantGame) -> GameClock? {
        guard row.timeControlKind == .clock, let xMs = row.xMs, let oMs = row.oMs, let since = row.turnStartedAt else { return nil }
        return GameClock(xMs: xMs, oMs: oMs, measuredAt: since, running: row.phase == .live ? state.turn : nil)
    }

    private static func away(in row: GameRow) -> [Absence]? {
        guard row.phase == .live else { return nil }
        let away = Mark.allCases.compactMap { mark in
            row.absence(of: mark).map { Absence(mark: mark, since: $0.since, claimableAt: $0.claimableAt) }
        }
        return away.isEmpty ? nil : away
    }

    private static func rematch(of row: GameRow) -> Rematch? {
        let offeredBy = row.rematchOfferedBy
        guard !offeredBy.isEmpty || row.rematchGameId != nil else { return nil }
        return Rematch(offeredBy: offeredBy, game: row.rematchGameId.map(GameID.init(rawValue:)))
    }

    private static func result(of row: GameRow, state: VariantGame) -> GameResult? {
        guard row.phase == .finished, let reason = row.resultReason else { return nil }
        return GameResult(winner: row.winner, reason: reason, line: state.status.winningLine)
    }
}
