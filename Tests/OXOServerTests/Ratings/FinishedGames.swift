import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOPlay
@testable import OXOServer
import SQLKit

/// Games played to an end through the SDK, for the tests of records and ratings.
extension OXOClient {
    /// A new game of this player (X) that `opponent` joins as O.
    func startGame(against opponent: OXOClient, timeControl: TimeControl? = nil) async throws -> GameView {
        try await opponent.join(try await createGame(side: .x, timeControl: timeControl).id)
    }

    /// This player (X) beats `opponent` along the top row (on a clock, as a game with a bot must be).
    @discardableResult
    func beat(_ opponent: OXOClient, timeControl: TimeControl? = nil) async throws -> GameView {
        try await play([0, 3, 1, 4, 2], against: opponent, timeControl: timeControl)
    }

    /// This player (X) and `opponent` fill the board with no line.
    @discardableResult
    func draw(with opponent: OXOClient) async throws -> GameView {
        try await play([0, 1, 2, 4, 3, 5, 7, 6, 8], against: opponent)
    }

    private func play(_ cells: [Int], against opponent: OXOClient, timeControl: TimeControl? = nil) async throws -> GameView {
        var game = try await startGame(against: opponent, timeControl: timeControl)
        for (index, cell) in cells.enumerated() {
            game = try await (index % 2 == 0 ? self : opponent).move(cell, in: game)
        }
        return game
    }
}

extension TestServer {
    /// Gives `player` an established rating, as if after many games: the board by rating
    /// shows only players whose rating is no longer provisional, which takes dozens of
    /// games to reach.
    func establish(_ player: OXOClient, at rating: Double, deviation: Double = 60) async throws {
        let id = try await player.id().rawValue
        try await app.db.sql.raw("""
            INSERT INTO player_ratings (user_id, rating, deviation, volatility, won, lost, drawn, updated_at)
            VALUES (\(bind: id), \(bind: rating), \(bind: deviation), 0.06, 0, 0, 0, \(bind: Date()))
            ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation
            """).run()
    }
}
