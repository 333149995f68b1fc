import Foundation

/// A player's line in a Swiss event's standings.
struct SwissStanding: Hashable, Sendable {
    /// 1 for the leader; no two players share a place.
    var place: Int
    var player: UUID
    var points: Double
    var buchholz: Double
    var sonnebornBerger: Double
    var rating: Double
    /// Withdrawn, or withdrawn by missed starts: keeps the points made.
    var withdrawn: Bool
}

/// The standings of a Swiss event, ranked by:
/// 1. **Points**: 1 a win, ½ a draw, 0 a loss; a bye is worth a win, and so is a game the
///    opponent lost by missing its start.
/// 2. **Buchholz**: the sum of the points of each opponent the player met.
/// 3. **Sonneborn–Berger**: the sum of the points of each opponent the player beat, and
///    half the points of each they drew with.
/// 4. **Rating**, higher first, and then the player's id, so that no two players ever share
///    a place and the order never changes between two reads.
///
/// A round with no game played over the board (a bye, a win or a loss by a missed start)
/// counts in both tiebreaks as a game against an opponent with the player's own points:
/// the bye or the forfeit neither helps nor harms their tiebreak against players who
/// played every round. A game still being played counts in nothing until it ends.
/// Withdrawn players stay in the standings with what they made.
enum SwissStandings {
    static func standings(players: [SwissPlayer], rounds: [SwissRound]) -> [SwissStanding] {
        let history = SwissHistory(rounds: rounds)
        let lines = players.map { player in
            let (buchholz, sonnebornBerger) = tiebreaks(of: player.id, history: history)
            return SwissStanding(
                place: 0, player: player.id, points: history.points(of: player.id), buchholz: buchholz,
                sonnebornBerger: sonnebornBerger, rating: player.rating,
                withdrawn: !MissedStarts.isPaired(player, in: history))
        }
        let order = lines.sorted { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.buchholz != b.buchholz { return a.buchholz > b.buchholz }
            if a.sonnebornBerger != b.sonnebornBerger { return a.sonnebornBerger > b.sonnebornBerger }
            if a.rating != b.rating { return a.rating > b.rating }
            return a.player.uuidString < b.player.uuidString
        }
        return order.enumerated().map { index, line in
            var line = line
            line.place = index + 1
            return line
        }
    }

    /// Buchholz and Sonneborn–Berger of `player`, by the rules above.
    static func tiebreaks(of player: UUID, history: SwissHistory) -> (buchholz: Double, sonnebornBerger: Double) {
        let own = history.points(of: player)
        var buchholz = 0.0, sonnebornBerger = 0.0
        for entry in history.rounds(of: player) {
            guard let points = entry.points else { continue }
            let opponentPoints = if entry.playedOverTheBoard, let opponent = entry.opponent {
                history.points(of: opponent)
            } else {
                own
            }
            buchholz += opponentPoints
            sonnebornBerger += points * opponentPoints
        }
        return (buchholz, sonnebornBerger)
    }
}
