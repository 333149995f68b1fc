import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// A move of a casual game between two people that the game goes on after, left for its
/// PostgreSQL group to store with the group's other such moves (`DeferringDatabase`): one
/// statement counts each in its game and inserts it, each only while its game is live and
/// still counts the moves its change read, as `GameStatements.movePlayed` does for one.
/// Clocked games write their clocks too, and the computer's games two moves in a change:
/// theirs are stored at once.
struct MovePlayed: DeferredWrite {
    let game: UUID
    let number: Int
    let cell: Int
    let mark: String
    let user: UUID
    let playedAt: Date

    var key: AnyHashable { game }

    static var notMade: any Error { MoveNumberTaken() }

    static func make(_ moves: [MovePlayed], on database: any SQLDatabase) async throws -> [Int] {
        let stored = try await Self.statement.on(database, moves.map(\.game), moves.map(\.number), moves.map(\.cell),
                                                 moves.map(\.mark), moves.map(\.user), moves.map(\.playedAt)).all()
        let games = Set(try stored.map { try $0.decode(column: "game_id", as: UUID.self) })
        return moves.indices.filter { !games.contains(moves[$0].game) }
    }

    private static let statement = FixedStatement("""
        WITH played AS (SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[], $5::uuid[], $6::timestamptz[])
                        AS played (game_id, number, cell, mark, user_id, played_at)),
        counted AS (UPDATE games SET move_count = played.number FROM played
            WHERE games.id = played.game_id AND games.move_count = played.number - 1 AND games.phase = '\(GamePhase.live.rawValue)'
            RETURNING games.id)
        INSERT INTO moves (game_id, number, cell, mark, user_id, played_at)
        SELECT played.game_id, played.number, played.cell, played.mark, played.user_id, played.played_at
        FROM played JOIN counted ON counted.id = played.game_id
        RETURNING game_id
        """)
}
