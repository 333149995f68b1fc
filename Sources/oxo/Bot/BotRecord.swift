import OXOProtocol
import TicTacToe

/// The bot's wins, losses and draws since it started.
struct BotRecord: CustomStringConvertible {
    enum Verdict: String {
        case won = "Won", lost = "Lost", drew = "Drew"
    }

    private(set) var won = 0
    private(set) var lost = 0
    private(set) var drawn = 0

    /// How a finished game went for the side `mark`.
    static func verdict(of game: GameView, as mark: Mark?) -> Verdict {
        guard let winner = game.result?.winner else { return .drew }
        return winner == mark ? .won : .lost
    }

    mutating func count(_ verdict: Verdict) {
        switch verdict {
        case .won: won += 1
        case .lost: lost += 1
        case .drew: drawn += 1
        }
    }

    var description: String { "Record: \(won) won, \(lost) lost, \(drawn) drawn." }
}
