import Fluent
import Foundation
import OXOAccounts
import OXOProtocol
import SQLKit

/// The score between two players over every finished game they played each other.
package struct SeriesQuery {
    let database: any SQLDatabase

    package init(database: any SQLDatabase) {
        self.database = database
    }

    package func series(of user: UserID, against opponent: UserID) async throws -> Series {
        guard let player = try await PlayerNames.summary(of: opponent.rawValue, on: database) else {
            throw APIError(.playerNotFound, "There is no player \(opponent).")
        }
        let (me, them) = (user.rawValue, opponent.rawValue)
        let row = try await database.raw("""
            SELECT
            SUM(CASE WHEN (winner = 'X' AND x_user_id = \(bind: me)) OR (winner = 'O' AND o_user_id = \(bind: me)) THEN 1 ELSE 0 END) AS wins,
            SUM(CASE WHEN (winner = 'X' AND x_user_id = \(bind: them)) OR (winner = 'O' AND o_user_id = \(bind: them)) THEN 1 ELSE 0 END) AS losses,
            SUM(CASE WHEN winner IS NULL THEN 1 ELSE 0 END) AS draws
            FROM games WHERE phase = \(bind: GamePhase.finished.rawValue) AND mode = \(bind: GameMode.online.rawValue)
            AND ((x_user_id = \(bind: me) AND o_user_id = \(bind: them)) OR (x_user_id = \(bind: them) AND o_user_id = \(bind: me)))
            """).first()
        func count(_ column: String) throws -> Int { try row?.decode(column: column, as: Int?.self) ?? 0 }
        return Series(opponent: player,
                      wins: try count("wins"), losses: try count("losses"), draws: try count("draws"))
    }
}
