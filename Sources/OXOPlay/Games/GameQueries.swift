import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// Reading games: one by id or code, and the lobby's and a player's pages.
package struct GameQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    /// The columns a new game is inserted with.
    static let creationColumns = ["id", "code", "mode", "listed", "level", "x_user_id", "o_user_id", "creator_id", "phase",
                                  "move_count", "winner", "result_reason", "created_at", "updated_at", "variant"]
    static let columns = creationColumns + AddAwayAndRematch.columns.names + AddTimeControls.columns.names

    package func row(_ id: GameID) async throws -> GameRow {
        guard let row = try await Self.rowByID.on(database, id.rawValue).first(decoding: GameRow.self)
        else { throw APIError(.gameNotFound, "There is no game \(id).") }
        return row
    }

    /// A game by its id or its share code.
    func row(reference: String) async throws -> GameRow {
        if let id = GameID(reference) { return try await row(id) }
        guard let code = ShareCode.normalized(reference),
              let row = try await select().where("code", .equal, code)
                .first(decoding: GameRow.self)
        else { throw APIError(.gameNotFound, "There is no game with the id or code '\(reference)'.") }
        return row
    }

    /// A game with its moves; those `kept` in memory when they are all of them.
    func game(_ id: GameID, kept: LiveGameMoves? = nil) async throws -> StoredGame {
        try await game(try await row(id), kept: kept)
    }

    /// The game of a row already read, with its moves; those `kept` in memory when they
    /// are all of them (a game that has none needs no read).
    package func game(_ row: GameRow, kept: LiveGameMoves? = nil) async throws -> StoredGame {
        if let moves = kept?.moves(of: row.id, count: row.moveCount) { return try StoredGame(row: row, moves: moves) }
        return try StoredGame(row: row, moves: try await moves(of: [row.id])[row.id] ?? [])
    }

    /// The moves of each of the games, in order.
    func moves(of ids: [UUID]) async throws -> [UUID: [MoveRow]] {
        guard !ids.isEmpty else { return [:] }
        // One game's moves are read whenever they are not kept, as a statement written once.
        let moves = try await (ids.count == 1
            ? Self.movesOfOne.on(database, ids[0]).all(decoding: MoveRow.self)
            : database.select().columns("game_id", "number", "cell", "mark", "played_at")
                .from("moves").where("game_id", .in, ids).orderBy("number")
                .all(decoding: MoveRow.self))
        return Dictionary(grouping: moves, by: \.gameId)
    }

    package enum Listing {
        case open, live
        case player(UserID)
        case unfinished(UserID)
        /// The open listed games these players made (their friends list shows them).
        case openBy([UserID])
    }

    /// A page of games, newest first. The cursor is the last game of the previous page.
    /// `hiding`, a condition over a user-id column, leaves out the games of the players
    /// it holds for (those a viewer must not see).
    package func page(_ listing: Listing, cursor: String?, limit: Int,
              hiding: ((String) -> SQLQueryString)? = nil) async throws -> (rows: [GameRow], next: String?) {
        var query = select()
        if let hiding {
            let hidden: SQLQueryString = "NOT (\(hiding("games.x_user_id")) OR \(hiding("games.o_user_id")))"
            query = query.where(hidden)
        }
        switch listing {
        case .openBy(let users):
            query = query.where("phase", .equal, GamePhase.open.rawValue).where("listed", .equal, true)
                .where("creator_id", .in, users.map(\.rawValue))
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
            .all(decoding: GameRow.self)
        let page = Array(rows.prefix(limit))
        return (page, rows.count > limit ? page.last?.gameID.description : nil)
    }

    /// Reads `GameRow`s: each game's columns with its players' names and its watcher
    /// count beside them, in the one statement.
    func select() -> SQLSelectBuilder {
        database.select().column(Self.selectList).from("games")
    }

    /// A condition that holds for a user id in `column` while that player sits in a live
    /// game. The phase is written into the statement: compared with a bound value, SQLite
    /// prepares it again on every run to see whether the finished-games index applies. Plain
    /// text, so that a `FixedStatement` can hold it.
    ///
    /// Each test is a scalar subquery, not `EXISTS`: PostgreSQL may run an `EXISTS` as one
    /// hashed pass over every live game, and a prepared statement planned while the tables
    /// were new and their statistics empty kept that plan as the games grew (543–784 µs a
    /// presence read at 1,000 games, against 0.14 ms by the players' indexes).
    static func isPlaying(_ column: String) -> String {
        let live = GamePhase.live.rawValue
        return """
            ((SELECT 1 FROM games g WHERE g.x_user_id = \(column) AND g.phase = '\(live)' LIMIT 1) IS NOT NULL
            OR (SELECT 1 FROM games g WHERE g.o_user_id = \(column) AND g.phase = '\(live)' LIMIT 1) IS NOT NULL)
            """
    }

    /// A condition that holds for a user id in `column` while that user watches a game (a
    /// scalar subquery, as in `isPlaying`).
    static func isWatching(_ column: String) -> String {
        "(SELECT 1 FROM game_watchers w WHERE w.user_id = \(column) LIMIT 1) IS NOT NULL"
    }

    /// The oldest open listed online game of `variant` and time control `control` that `user` did not
    /// create and whose creator `creatorMay` (a condition over a user-id column) holds for:
    /// the game *Play random* joins.
    func oldestOpenGame(
        of variant: Variant, _ control: TimeControl, notCreatedBy user: UUID, creatorMay: (_ column: String) -> SQLQueryString
    ) async throws -> GameID? {
        let row = try await database.raw("""
            SELECT id FROM games WHERE phase = \(bind: GamePhase.open.rawValue) AND listed = \(bind: true)
            AND mode = \(bind: GameMode.online.rawValue) AND creator_id <> \(bind: user)
            AND \(VariantColumn.matching(variant)) AND \(TimeControlColumns.matching(control)) AND \(creatorMay("creator_id"))
            ORDER BY created_at LIMIT 1
            """).first()
        return try row.map { GameID(rawValue: try $0.decode(column: "id", as: UUID.self)) }
    }

    /// The columns of a `GameRow`, written out once as SQL: building them from
    /// identifiers on every read cost more than the read itself. People who follow a
    /// game they do not play in count as its watchers; a player who followed the game
    /// before taking a seat stops counting then.
    static let selectList = SQLRaw((columns.map { #""\#($0)""# }
        + PlayerNames.columns(of: "games.x_user_id", prefix: "x") + PlayerNames.columns(of: "games.o_user_id", prefix: "o")
        + ["""
            (SELECT COUNT(DISTINCT w.user_id) FROM game_watchers w WHERE w.game_id = games.id
            AND (games.x_user_id IS NULL OR w.user_id <> games.x_user_id)
            AND (games.o_user_id IS NULL OR w.user_id <> games.o_user_id)) AS watchers
            """]).joined(separator: ", "))

    /// The read of every move, written once.
    static let rowByID = FixedStatement("SELECT \(selectList.sql) FROM games WHERE id = $1")
    /// PostgreSQL's only: its group reads the rows of all the games its moves are played in
    /// at once (`RowRead.game`).
    private static let rowsByIDs = FixedStatement("SELECT \(selectList.sql) FROM games WHERE id = ANY($1)")

    /// Games' rows read many at once, each kept under its game's topic.
    static let manyRows = ManyRows(name: "games") { ids, database in
        try await rowsByIDs.on(database, ids).all(decoding: GameRow.self).map { (.game($0.gameID), $0) }
    }
    private static let movesOfOne = FixedStatement(
        "SELECT game_id, number, cell, mark, played_at FROM moves WHERE game_id = $1 ORDER BY number")
}

extension GameQueries {
    /// Whether a live game's time ran out by `now`: one indexed read, so that the clock
    /// timer of every process takes no write transaction on the ticks (nearly all) that
    /// find nothing to settle.
    package func anyOutOfTime(at now: Date) async throws -> Bool {
        try await database.raw("""
            SELECT 1 AS due FROM games WHERE deadline_at IS NOT NULL AND deadline_at <= \(bind: now)
            AND phase = \(literal: GamePhase.live.rawValue) LIMIT 1
            """).first() != nil
    }

    /// Whether `user` has a seat in any game, of any phase.
    package func hasAnyGame(_ user: UserID) async throws -> Bool {
        try await Self.anyGameOf.on(database, user.rawValue).first() != nil
    }

    private static let anyGameOf = FixedStatement("SELECT id FROM games WHERE x_user_id = $1 OR o_user_id = $1 LIMIT 1")

    /// Refuses `user` a new game when it is a bot already playing `limit` live games, so that
    /// a bot whose program accepts everything cannot be held by more than it can play.
    package func refuseBotAtItsLimit(_ user: AuthenticatedUser, limit: Int) async throws {
        guard user.summary.bot else { return }
        let live = try await Self.liveGamesOf.on(database, user.id.rawValue, GamePhase.live.rawValue).first()?
            .decode(column: "live", as: Int.self) ?? 0
        guard live < limit else {
            throw APIError(.rateLimited, "This bot plays \(live) games at once, the most a bot may; finish one first.")
        }
    }

    private static let liveGamesOf = FixedStatement(
        "SELECT COUNT(*) AS live FROM games WHERE (x_user_id = $1 OR o_user_id = $1) AND phase = $2")
}

extension Reads {
    package var games: GameQueries { GameQueries(database: sql) }
}
