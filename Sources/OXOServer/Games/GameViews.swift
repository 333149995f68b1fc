import Fluent
import Foundation
import OXOProtocol
import SQLKit
import TicTacToe

/// Builds what clients see of games from their rows: players, moves and watcher counts
/// for a whole page of games in four queries, not four per game.
struct GameViews {
    let database: any Database

    func view(of row: GameRow) async throws -> GameView {
        try await views(of: [row])[0]
    }

    func views(of rows: [GameRow]) async throws -> [GameView] {
        guard !rows.isEmpty else { return [] }
        let ids = rows.map(\.id)
        let moves = try await database.sql.select().columns("game_id", "number", "cell", "mark", "played_at")
            .from("moves").where("game_id", .in, ids).orderBy("number")
            .all(decoding: MoveRow.self, keyDecodingStrategy: .convertFromSnakeCase)
        let movesByGame = Dictionary(grouping: moves, by: \.gameId)
        let userIDs = Array(Set(rows.flatMap { [$0.xUserId, $0.oUserId].compactMap { $0 } }))
        let users = userIDs.isEmpty ? [] : try await UserRecord.query(on: database).filter(\.$id ~~ userIDs).all()
        let players = Dictionary(uniqueKeysWithValues: users.map {
            ($0.id!, PlayerSummary(id: UserID(rawValue: $0.id!), username: $0.username, displayName: $0.displayName))
        })
        let watchers = try await watcherCounts(of: ids)
        return rows.map { row in
            let gameMoves = movesByGame[row.id] ?? []
            return assemble(row, moves: gameMoves, players: players, watchers: watchers[row.id] ?? 0)
        }
    }

    private func assemble(_ row: GameRow, moves: [MoveRow], players: [UUID: PlayerSummary], watchers: Int) -> GameView {
        let records = moves.compactMap { move in
            Cell(index: move.cell).map {
                MoveRecord(number: move.number, cell: $0, mark: Mark(move.mark) ?? .x, playedAt: move.playedAt)
            }
        }
        let state = (try? GameState(moves: records.map(\.cell))) ?? GameState()
        func seat(_ mark: Mark) -> Seat? {
            if let user = row.userID(of: mark) { return players[user].map(Seat.init(player:)) }
            if row.computerMark == mark, let level = row.computerLevel { return Seat(computer: level) }
            return nil
        }
        return GameView(
            id: row.gameID, code: row.code, mode: row.gameMode, listed: row.listed, phase: row.gamePhase,
            x: seat(.x), o: seat(.o), moves: records, board: state.board,
            turn: row.gamePhase == .live ? state.turn : nil, result: result(of: row, state: state),
            watchers: watchers, createdAt: row.createdAt, away: away(in: row), rematch: rematch(of: row))
    }

    private func away(in row: GameRow) -> [Absence]? {
        guard row.gamePhase == .live else { return nil }
        let away = Mark.allCases.compactMap { mark in
            row.absence(of: mark).map { Absence(mark: mark, since: $0.since, claimableAt: $0.claimableAt) }
        }
        return away.isEmpty ? nil : away
    }

    private func rematch(of row: GameRow) -> Rematch? {
        let offeredBy = row.rematchOfferedBy
        guard !offeredBy.isEmpty || row.rematchGameId != nil else { return nil }
        return Rematch(offeredBy: offeredBy, game: row.rematchGameId.map(GameID.init(rawValue:)))
    }

    private func result(of row: GameRow, state: GameState) -> GameResult? {
        guard row.gamePhase == .finished, let reason = row.resultReason.flatMap(GameResult.Reason.init(rawValue:)) else {
            return nil
        }
        return GameResult(winner: row.winner.flatMap { Mark($0) }, reason: reason, line: state.status.winningLine)
    }

    /// People who follow a game they do not play in; a player who followed the game
    /// before taking a seat stops counting then.
    private func watcherCounts(of ids: [UUID]) async throws -> [UUID: Int] {
        let rows = try await database.sql.raw("""
            SELECT w.game_id AS game_id, COUNT(DISTINCT w.user_id) AS watchers
            FROM game_watchers w JOIN games g ON g.id = w.game_id
            WHERE w.game_id IN \(SQLBind.group(ids))
            AND (g.x_user_id IS NULL OR w.user_id <> g.x_user_id) AND (g.o_user_id IS NULL OR w.user_id <> g.o_user_id)
            GROUP BY w.game_id
            """).all()
        return Dictionary(uniqueKeysWithValues: try rows.map {
            (try $0.decode(column: "game_id", as: UUID.self), try $0.decode(column: "watchers", as: Int.self))
        })
    }
}
