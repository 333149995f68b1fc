import Foundation
import NIOPosix
import OXOAccounts
import OXOProtocol
import SQLKit
import TicTacToe

/// A player's finished games and the replay of one finished game, read from the games and
/// their move logs. A finished game's `updated_at` is when it ended: nothing writes to a
/// game's row after it is finished but the rematch columns, which leave the time alone.
struct GameHistory {
    let database: any SQLDatabase

    /// A page of the games `user` played that have finished, the last to end first, as
    /// `viewer` may see them: private games only when `viewer` played in them. The cursor
    /// is the last game of the previous page.
    func finishedGames(of user: UserID, seenBy viewer: UserID, cursor: String?, limit: Int) async throws -> FinishedGamePage {
        guard try await PlayerNames.summary(of: user.rawValue, on: database) != nil else {
            throw APIError(.playerNotFound, "There is no player \(user).")
        }
        var after: GameID?
        if let cursor {
            guard let id = GameID(cursor), (try? await database.reads.games.row(id))?.phase == .finished else {
                throw APIError(.invalidRequest, "'cursor' is not one this server gave out.")
            }
            after = id
        }
        let rows = try await database.raw(Self.finishedPage(of: user, seenBy: viewer, after: after, limit: limit + 1))
            .all(decoding: GameRow.self)
        let page = Array(rows.prefix(limit))
        let moves = try await database.reads.games.moves(of: page.map(\.id))
        return FinishedGamePage(
            games: try page.map { try Self.finishedGame(StoredGame(row: $0, moves: moves[$0.id] ?? [])) },
            nextCursor: rows.count > limit ? page.last?.gameID.description : nil)
    }

    /// The statement of one page: each seat's finished games are read in order along their
    /// own index (`IndexOnlyFinishedGames`: the phase is a literal, so the partial index
    /// answers it) and cut at the page's length before the two are merged, so a page costs
    /// the same however many games the player has finished.
    /// The cursor's position is compared inside the database: a time read back into Swift
    /// and bound again may be rounded, and would repeat or skip games. Someone else's
    /// private games are skipped inside each seat's read, so that a page is still full.
    static func finishedPage(of user: UserID, seenBy viewer: UserID, after cursor: GameID?, limit: Int) -> SQLQueryString {
        var before: SQLQueryString = ""
        if let cursor {
            before = "AND (updated_at, id) < (SELECT updated_at, id FROM games WHERE id = \(bind: cursor.rawValue))"
        }
        func seat(_ column: String) -> SQLQueryString {
            """
            SELECT id FROM (SELECT id FROM games WHERE \(ident: column) = \(bind: user.rawValue)
            AND phase = \(literal: GamePhase.finished.rawValue) \(before)
            AND (listed = \(bind: true) OR x_user_id = \(bind: viewer.rawValue) OR o_user_id = \(bind: viewer.rawValue))
            ORDER BY updated_at DESC, id DESC LIMIT \(literal: limit)) AS \(ident: column + "_games")
            """
        }
        return """
            SELECT \(GameQueries.selectList) FROM games WHERE id IN (\(seat("x_user_id")) UNION \(seat("o_user_id")))
            ORDER BY updated_at DESC, id DESC LIMIT \(literal: limit)
            """
    }

    /// The game with every move judged (`VariantAnalysis.judgements`: by the solver where
    /// the variant is solved, by the engine's estimates elsewhere, which takes a while and
    /// runs off the event loop); `game_not_finished` while it is on,
    /// `game_not_found` for a private game `viewer` did not play in.
    func replay(of id: GameID, for viewer: UserID) async throws -> Replay {
        let game = try await database.reads.games.game(id)
        try GameRules.reveal(game.row, to: viewer)
        guard game.row.phase == .finished else {
            throw APIError(.gameNotFinished, "The game is not finished yet; it can be replayed once it is.")
        }
        let state = game.state
        let judgements = try await NIOThreadPool.singleton.runIfActive { VariantAnalysis.judgements(of: state) }
        return Replay(game: try Self.finishedGame(game), moves: zip(game.moves, judgements).map { move, judgement in
            ReplayMove(number: move.number, cell: move.cell, variant: state.variant, mark: move.mark, playedAt: move.playedAt,
                       judgement: judgement)
        })
    }

    static func finishedGame(_ game: StoredGame) throws -> FinishedGame {
        let view = game.view
        guard let result = view.result else {
            throw APIError(.internalError, "The finished game \(view.id) has no result.")
        }
        return FinishedGame(id: view.id, variant: view.variant, mode: view.mode, x: view.x, o: view.o, result: result, moveCount: view.moves.count,
                            board: view.board, createdAt: view.createdAt, endedAt: game.row.updatedAt)
    }
}
