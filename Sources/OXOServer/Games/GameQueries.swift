import Fluent
import Foundation
import OXOProtocol
import SQLKit
import TicTacToe

/// Reading games: one by id or code, and the lobby's and a player's pages.
struct GameQueries {
    let database: any Database

    /// The columns a new game is inserted with.
    static let creationColumns = ["id", "code", "mode", "listed", "level", "x_user_id", "o_user_id", "creator_id", "phase",
                                  "move_count", "winner", "result_reason", "created_at", "updated_at"]
    static let columns = creationColumns + AddAwayAndRematch.columns.map(\.name)

    func row(_ id: GameID) async throws -> GameRow {
        guard let row = try await select().where("id", .equal, id.rawValue)
            .first(decoding: GameRow.self, keyDecodingStrategy: .convertFromSnakeCase)
        else { throw APIError(.gameNotFound, "There is no game \(id).") }
        return row
    }

    /// A game by its id or its share code.
    func row(reference: String) async throws -> GameRow {
        if let id = GameID(reference) { return try await row(id) }
        guard let code = ShareCode.normalized(reference),
              let row = try await select().where("code", .equal, code)
                .first(decoding: GameRow.self, keyDecodingStrategy: .convertFromSnakeCase)
        else { throw APIError(.gameNotFound, "There is no game with the id or code '\(reference)'.") }
        return row
    }

    /// The game's position, replayed from its move log.
    func state(of row: GameRow) async throws -> GameState {
        let cells = try await database.sql.select().column("cell").from("moves")
            .where("game_id", .equal, row.id).orderBy("number")
            .all().map { try $0.decode(column: "cell", as: Int.self) }
        return try GameState(moves: cells.compactMap(Cell.init(index:)))
    }

    enum Listing {
        case open, live
        case player(UserID)
        case unfinished(UserID)
    }

    /// A page of games, newest first. The cursor is the last game of the previous page.
    func page(_ listing: Listing, cursor: String?, limit: Int) async throws -> (rows: [GameRow], next: String?) {
        var query = select()
        switch listing {
        case .open: query = query.where("phase", .equal, GamePhase.open.rawValue).where("listed", .equal, true)
        case .live: query = query.where("phase", .equal, GamePhase.live.rawValue).where("listed", .equal, true)
        case .player(let user):
            query = query.where { $0.where("x_user_id", .equal, user.rawValue).orWhere("o_user_id", .equal, user.rawValue) }
        case .unfinished(let user):
            query = query.where { $0.where("x_user_id", .equal, user.rawValue).orWhere("o_user_id", .equal, user.rawValue) }
                .where("phase", .notEqual, GamePhase.finished.rawValue)
        }
        if let cursor {
            guard let after = GameID(cursor), (try? await row(after)) != nil else {
                throw APIError(.invalidRequest, "'cursor' is not one this server gave out.")
            }
            // Compared with the cursor's row inside the database: a time read back into
            // Swift and bound again may be rounded, and would repeat or skip games.
            query = query.where(SQLQueryString(
                "(created_at, id) < (SELECT created_at, id FROM games WHERE id = \(bind: after.rawValue))"))
        }
        let rows = try await query.orderBy("created_at", .descending).orderBy("id", .descending)
            .limit(limit + 1)
            .all(decoding: GameRow.self, keyDecodingStrategy: .convertFromSnakeCase)
        let page = Array(rows.prefix(limit))
        return (page, rows.count > limit ? page.last?.gameID.description : nil)
    }

    func select() -> SQLSelectBuilder {
        database.sql.select().columns(Self.columns.map { SQLIdentifier($0) }).from("games")
    }
}
