import Foundation
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import SQLKit

/// Reading the catalogue's games and who has them.
struct CatalogueQueries {
    let database: any SQLDatabase

    /// A game's page as `viewer` sees it.
    func game(_ id: CatalogueGameID, viewer: UUID) async throws -> CatalogueGame {
        guard let row = try await database.select().columns(CatalogueRow.entryColumns + ["id", "player_count"])
            .from("catalogue_games").where("id", .equal, id.rawValue).first()
        else { throw Self.notFound(id) }
        let mine = try await database.select().column("game_id").from("catalogue_player_games")
            .where("user_id", .equal, viewer).where("game_id", .equal, id.rawValue).first() != nil
        return try CatalogueRow.game(row, mine: mine)
    }

    /// Those who have the game, latest first, without those hidden from `viewer` by a
    /// block; the cursor is the last player of the previous page.
    func players(of id: CatalogueGameID, viewer: UUID, cursor: String?, limit: Int) async throws -> CataloguePlayerPage {
        try await requireGame(id)
        var after: SQLQueryString = ""
        if let cursor {
            guard let last = UserID(cursor) else { throw APIError(.invalidRequest, "'cursor' is not one this server gave out.") }
            after = """
                AND (p.added_at, p.user_id) < (SELECT added_at, user_id FROM catalogue_player_games
                WHERE game_id = \(bind: id.rawValue) AND user_id = \(bind: last.rawValue))
                """
        }
        let rows = try await database.raw("""
            SELECT p.user_id, p.added_at FROM catalogue_player_games p WHERE p.game_id = \(bind: id.rawValue) \(after)
            AND NOT \(Blocks.hidden(from: viewer, "p.user_id"))
            ORDER BY p.added_at DESC, p.user_id DESC LIMIT \(literal: limit + 1)
            """).all()
        let found = try rows.map { (id: try $0.decode(column: "user_id", as: UUID.self), since: try $0.decode(column: "added_at", as: Date.self)) }
        let page = Array(found.prefix(limit))
        let ids = page.map(\.id)
        let names = try await PlayerNames.summaries(of: ids, on: database)
        let online = try await database.reads.presence.online(among: ids)
        let status = Dictionary(online.map { ($0.player.id.rawValue, $0.status) }, uniquingKeysWith: { first, _ in first })
        let followed = try await database.reads.follows.followed(by: viewer, among: ids)
        let players = page.compactMap { row in
            names[row.id].map { CataloguePlayer(player: $0, status: status[row.id] ?? .offline,
                                                following: followed.contains(row.id), since: row.since) }
        }
        return CataloguePlayerPage(players: players,
                                   nextCursor: found.count > limit ? page.last.map { UserID(rawValue: $0.id).description } : nil)
    }

    /// A player's games, latest added first; the cursor is the last game of the previous page.
    func games(of user: UserID, cursor: String?, limit: Int) async throws -> CatalogueGamePage {
        guard try await PlayerNames.summary(of: user.rawValue, on: database) != nil else {
            throw APIError(.playerNotFound, "There is no player \(user).")
        }
        var after: SQLQueryString = ""
        if let cursor {
            guard let last = CatalogueGameID(cursor) else { throw APIError(.invalidRequest, "'cursor' is not one this server gave out.") }
            after = """
                AND (p.added_at, p.game_id) < (SELECT added_at, game_id FROM catalogue_player_games
                WHERE user_id = \(bind: user.rawValue) AND game_id = \(bind: last.rawValue))
                """
        }
        let columns = SQLRaw(CatalogueRow.summaryColumns.map { "g.\($0)" }.joined(separator: ", "))
        let rows = try await database.raw("""
            SELECT \(columns) FROM catalogue_player_games p JOIN catalogue_games g ON g.id = p.game_id
            WHERE p.user_id = \(bind: user.rawValue) \(after)
            ORDER BY p.added_at DESC, p.game_id DESC LIMIT \(literal: limit + 1)
            """).all()
        let games = try rows.prefix(limit).map(CatalogueRow.summary)
        return CatalogueGamePage(games: games, nextCursor: rows.count > limit ? games.last?.id.description : nil)
    }

    func requireGame(_ id: CatalogueGameID) async throws {
        guard try await database.select().column("id").from("catalogue_games").where("id", .equal, id.rawValue).first() != nil else {
            throw Self.notFound(id)
        }
    }

    /// The value kept under `key` in the catalogue's notes.
    func state(_ key: String) async throws -> String? {
        try await database.select().column("value").from("catalogue_state").where("key", .equal, key).first()?
            .decode(column: "value", as: String.self)
    }

    static func notFound(_ id: CatalogueGameID) -> APIError {
        APIError(.catalogueGameNotFound, "There is no game \(id) in the catalogue.")
    }
}

extension Reads {
    var catalogue: CatalogueQueries { CatalogueQueries(database: sql) }
}
