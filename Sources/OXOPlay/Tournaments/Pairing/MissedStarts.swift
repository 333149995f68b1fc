import Foundation

/// A player who is not there when a round starts loses that game without playing it (a
/// forfeit: a win for the opponent who is there, a loss for both when neither is), and is
/// withdrawn from the event at their second missed start, in a row or not. A Swiss that
/// lasts weeks must not wait on a player who has gone; one missed start can be a mishap.
enum MissedStarts {
    /// Missed starts that withdraw a player.
    static let withdrawalLimit = 2

    /// The result a game takes at the round's start from who is there: nil when both are,
    /// and the game is played.
    static func result(xPresent: Bool, oPresent: Bool) -> SwissGame.Result? {
        switch (xPresent, oPresent) {
        case (true, true): nil
        case (false, true): .xMissedStart
        case (true, false): .oMissedStart
        case (false, false): .bothMissedStart
        }
    }

    /// Whether `player` has missed enough starts to be withdrawn.
    static func withdraws(_ player: UUID, in history: SwissHistory) -> Bool {
        history.missedStarts(of: player) >= withdrawalLimit
    }

    /// Whether `player` takes part in the next round: neither withdrawn nor withdrawn by
    /// missed starts.
    static func isPaired(_ player: SwissPlayer, in history: SwissHistory) -> Bool {
        !player.withdrawn && !withdraws(player.id, in: history)
    }
}
