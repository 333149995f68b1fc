import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

extension GameWrites {
    /// Records the player's offer to play again; the second offer starts the new game,
    /// sides swapped. The offer is added in one UPDATE, which on PostgreSQL holds the
    /// game's row until commit: of two offers made at once, the second to commit sees the
    /// first, so exactly one of them starts the game.
    func offerRematch(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        let row = try await reads.games.row(id)
        let mine = try GameRules.offerRematch(row, by: user.id)
        let offered = try await sql.raw("""
            UPDATE games SET rematch_offers = COALESCE(rematch_offers, '') || \(bind: mine.rawValue)
            WHERE id = \(bind: id.rawValue) AND (rematch_offers IS NULL OR rematch_offers NOT LIKE \(bind: "%\(mine.rawValue)%"))
            RETURNING id
            """).all()
        guard !offered.isEmpty else { return try await GameViews(database: sql).view(of: row) }
        var updated = try await reads.games.row(id)
        if updated.rematchOfferedBy.count == 2, updated.rematchGameId == nil, let x = row.xUserId, let o = row.oUserId {
            let game = try await start(x: o, o: x, by: user.id.rawValue, variant: row.variant, control: row.timeControl,
                                           listed: row.listed)
            try await sql.update("games").set("rematch_game_id", to: game.id.rawValue).where("id", .equal, id.rawValue).run()
            updated.rematchGameId = game.id.rawValue
        }
        let view = try await GameViews(database: sql).view(of: updated)
        log(.rematchChanged(view), to: [.game(id)])
        return view
    }
}
