import Fluent
import Foundation
import OXOProtocol
import SQLKit
import TicTacToe

/// Builds what clients see of games from their rows: a whole page of games with one
/// query for all their moves, since each row already carries its players and watchers.
struct GameViews {
    let database: any Database

    func view(of row: GameRow) async throws -> GameView {
        try await views(of: [row])[0]
    }

    func views(of rows: [GameRow]) async throws -> [GameView] {
        let moves = try await GameQueries(database: database).moves(of: rows.map(\.id))
        return rows.map { Self.view(of: $0, moves: moves[$0.id] ?? []) }
    }

    static func view(of row: GameRow, moves: [MoveRow]) -> GameView {
        let records = moves.compactMap { move in
            Cell(index: move.cell).map {
                MoveRecord(number: move.number, cell: $0, mark: Mark(move.mark) ?? .x, playedAt: move.playedAt)
            }
        }
        let state = (try? GameState(moves: records.map(\.cell))) ?? GameState()
        func seat(_ mark: Mark) -> Seat? {
            if let player = row.player(mark) { return Seat(player: player) }
            if row.computerMark == mark, let level = row.computerLevel { return Seat(computer: level) }
            return nil
        }
        return GameView(
            id: row.gameID, code: row.code, mode: row.gameMode, listed: row.listed, phase: row.gamePhase,
            x: seat(.x), o: seat(.o), moves: records, board: state.board,
            turn: row.gamePhase == .live ? state.turn : nil, result: result(of: row, state: state),
            watchers: row.watchers, createdAt: row.createdAt, away: away(in: row), rematch: rematch(of: row))
    }

    private static func away(in row: GameRow) -> [Absence]? {
        guard row.gamePhase == .live else { return nil }
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

    private static func result(of row: GameRow, state: GameState) -> GameResult? {
        guard row.gamePhase == .finished, let reason = row.resultReason.flatMap(GameResult.Reason.init(rawValue:)) else {
            return nil
        }
        return GameResult(winner: row.winner.flatMap { Mark($0) }, reason: reason, line: state.status.winningLine)
    }
}
