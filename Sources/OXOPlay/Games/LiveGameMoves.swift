import Foundation
import NIOConcurrencyHelpers
import OXOCore

/// The moves of games being played, kept between their moves so that a move does not
/// read them again. Moves are only ever added, so the first n moves of a game never
/// change: a list is used only when the game's row, read in the same transaction, counts
/// exactly as many, and it is kept only after the commit that stored its last move. That
/// holds with several processes on one database too: another process's move raises the
/// count, and the list is read again.
package final class LiveGameMoves: Sendable {
    private let games = NIOLockedValueBox<[UUID: [MoveRow]]>([:])
    /// Far more games than are played at once; past it the lists start again from none,
    /// which costs each game one read of its moves.
    static let limit = 50_000

    /// The game's moves, if those kept are as many as `count`; none for a game that counts none.
    func moves(of game: UUID, count: Int) -> [MoveRow]? {
        guard count > 0 else { return [] }
        guard let moves = games.withLockedValue({ $0[game] }), moves.count == count else { return nil }
        return moves
    }

    /// Keeps `moves` as the game's, unless more are kept already: the commits of two moves
    /// of a game may report back in either order.
    func keep(_ moves: [MoveRow], of game: UUID) {
        games.withLockedValue { games in
            if let kept = games[game], kept.count >= moves.count { return }
            if games.count >= Self.limit { games.removeAll(keepingCapacity: true) }
            games[game] = moves
        }
    }

    func forget(_ game: UUID) {
        _ = games.withLockedValue { $0.removeValue(forKey: game) }
    }
}

/// The application's one `LiveGameMoves`.
package enum LiveGames: ContextKey {
    package static func make(_ configuration: ServerConfiguration) -> LiveGameMoves { LiveGameMoves() }
}
