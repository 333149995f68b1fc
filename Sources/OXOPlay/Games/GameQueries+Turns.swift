import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// A live game against another person in which it is a player's move, as the inbox lists
/// it ("your turn in G against P"): read from the games themselves, so that a move's commit
/// writes no notification.
package struct AwaitedMove: Sendable {
    package let game: GameID
    package let opponent: PlayerSummary
    /// Moves played so far: a turn is told apart from the player's next one by it.
    package let moveCount: Int
    /// When the opponent's move that began the turn was played.
    package let since: Date
}

extension GameQueries {
    /// The live games in which it is `user`'s move after the opponent's, newest turn first.
    /// A game not yet moved in, against the computer, or played alone on one device is
    /// nobody's news. X moves first and the players alternate, so the side to move follows
    /// from the count; the players' indexes by seat and phase find the games.
    package func awaitingMoves(of user: UUID) async throws -> [AwaitedMove] {
        try await Self.awaiting.on(database, user).all().compactMap { row -> AwaitedMove? in
            let game = try row.decode(model: GameRow.self)
            guard let mark = [Mark.x, .o].first(where: { game.userID(of: $0) == user }),
                  let opponent = game.player(mark.opponent)
            else { return nil }
            return AwaitedMove(game: game.gameID, opponent: opponent, moveCount: game.moveCount,
                               since: try row.decode(column: "turn_since", as: Date.self))
        }
    }

    private static let awaiting: FixedStatement = {
        let live = GamePhase.live.rawValue
        return FixedStatement("""
            SELECT \(selectList.sql), (SELECT m.played_at FROM moves m WHERE m.game_id = games.id AND m.number = games.move_count)
            AS turn_since FROM games WHERE games.phase = '\(live)' AND games.move_count > 0 AND (
            (games.x_user_id = $1 AND games.move_count % 2 = 0 AND games.o_user_id IS NOT NULL AND games.o_user_id <> $1)
            OR (games.o_user_id = $1 AND games.move_count % 2 = 1 AND games.x_user_id IS NOT NULL AND games.x_user_id <> $1))
            ORDER BY turn_since DESC
            """)
    }()
}
