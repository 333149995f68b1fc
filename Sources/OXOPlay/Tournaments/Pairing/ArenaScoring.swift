import Foundation

/// A finished arena game, with the ratings the players had when it started.
struct ArenaGame: Hashable, Sendable {
    let x: UUID
    let o: UUID
    let xRating: Double
    let oRating: Double
    let result: Result

    enum Result: Hashable, Sendable { case xWon, oWon, draw }

    /// How the game went for `player`, nil if they did not play in it.
    func outcome(for player: UUID) -> ArenaScoring.Outcome? {
        guard player == x || player == o else { return nil }
        switch result {
        case .draw: return .draw
        case .xWon: return player == x ? .win : .loss
        case .oWon: return player == o ? .win : .loss
        }
    }
}

/// Arena points: 2 a win, 1 a draw, 0 a loss, **doubled on a streak**. A player is on a
/// streak when their last two games in this arena were both wins: the third win in a row
/// and every win after it is worth 4, and a draw on a streak is worth 2. A draw or a loss
/// ends the streak, so the next two wins count 2 each again. A player who joins late starts
/// at 0 and off a streak. Streaks reward winning runs over many quick draws, which the
/// short games of Tic-Tac-Toe would otherwise favour.
enum ArenaScoring {
    enum Outcome: Hashable, Sendable { case win, draw, loss }

    /// The points of each game, given a player's results in the order their games finished.
    static func points(for results: [Outcome]) -> [Int] {
        var wins = 0
        return results.map { outcome in
            let doubled = wins >= 2
            wins = outcome == .win ? wins + 1 : 0
            let base = outcome == .win ? 2 : outcome == .draw ? 1 : 0
            return doubled ? 2 * base : base
        }
    }

    /// Whether the player's next game counts double.
    static func isOnStreak(after results: [Outcome]) -> Bool {
        results.suffix(2) == [.win, .win]
    }
}
