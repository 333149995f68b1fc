import Fluent
import OXOCore
import SQLKit

/// Finding a player's live games (is this player playing?) and the games a player
/// watches, without reading every live game: asked for every player whose status is
/// announced, which happens whenever a game starts or ends.
package struct IndexGamesByPlayer: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.sql.raw("CREATE INDEX games_by_x_phase ON games (x_user_id, phase)").run()
        try await database.sql.raw("CREATE INDEX games_by_o_phase ON games (o_user_id, phase)").run()
        try await database.sql.raw("CREATE INDEX watchers_by_user ON game_watchers (user_id)").run()
    }

    package func revert(on database: any Database) async throws {
        for index in ["games_by_x_phase", "games_by_o_phase", "watchers_by_user"] {
            try await database.sql.raw("DROP INDEX \(ident: index)").run()
        }
    }
}
