import Foundation
import OXOProtocol
import TicTacToe

/// A finished game that counts in its players' records: an online game between two
/// people that was played (won, drawn, resigned, claimed or settled for absence) after
/// each of them made a move. A game against the computer, pass-and-play, an open game
/// that expired or was cancelled, and a game that ended before both players moved (an
/// aborted game) count for nobody: two accounts joining and resigning hundreds of
/// games a second moved one from 1500 to 2061 and to the top of the weekly board.
struct GameBetweenPeople: Equatable, Sendable {
    let game: GameID
    let x: UUID
    let o: UUID
    /// X's score: 1 for a win, 0.5 for a draw, 0 for a loss.
    let xScore: Double
    /// Which ratings it counts in: each variant's, at each pace, are their own.
    let pace: Pace
    let variant: Variant

    init?(_ view: GameView) {
        guard view.mode == .online, view.phase == .finished, let result = view.result,
              !Self.neverPlayed.contains(result.reason),
              let x = view.x?.player?.id.rawValue, let o = view.o?.player?.id.rawValue, x != o,
              view.board.markCount >= 2  // X moves first: two marks mean each player moved.
        else { return nil }
        game = view.id
        self.x = x
        self.o = o
        pace = view.timeControl?.pace ?? .realTime
        variant = view.variant
        xScore = switch result.winner {
        case .x: 1
        case .o: 0
        case nil: 0.5
        }
    }

    private static let neverPlayed: Set<GameResult.Reason> = [.expired, .cancelled]

    /// Wins against one opponent in a day that count for the weekly board: more are
    /// farmed, not played.
    static let weeklyWinsPerOpponentPerDay = 3

    /// Each player with the opponent and the player's own score, X first.
    var sides: [(player: UUID, opponent: UUID, score: Double)] {
        [(x, o, xScore), (o, x, 1 - xScore)]
    }

    /// The loser, if the game was not drawn.
    var loser: UUID? { winner.map { $0 == x ? o : x } }

    /// The winner, if the game was not drawn.
    var winner: UUID? {
        switch xScore {
        case 1: x
        case 0: o
        default: nil
        }
    }
}

/// The week that "most wins this week" counts: from Monday 00:00 UTC.
enum RatingWeek {
    static func start(of date: Date) -> Date {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.dateInterval(of: .weekOfYear, for: date)!.start
    }
}
