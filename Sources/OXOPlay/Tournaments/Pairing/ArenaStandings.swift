import Foundation

/// A player of an arena, as the standings see them.
struct ArenaPlayer: Hashable, Sendable {
    let id: UUID
    var rating: Double
    /// Left the arena: paired no more, and keeps their points in the standings.
    var withdrawn = false
}

/// A player's line in an arena's standings.
struct ArenaStanding: Hashable, Sendable {
    /// 1 for the leader; no two players share a place.
    var place: Int
    var player: UUID
    var points: Int
    /// The points of each game, in the order they finished (4 and 2 are streak points).
    var gamePoints: [Int]
    /// Whether their next game counts double.
    var onStreak: Bool
    /// The linear performance rating: the opponents' average rating, plus 400 for each win
    /// and less 400 for each loss, over the games played; nil before the first.
    var performance: Double?
    var withdrawn: Bool
}

/// An arena's standings: most points first; on equal points the higher performance (how
/// strong the play was), then whoever has not played at all last, then the player's id,
/// so that no two share a place and the order never changes between two reads. Withdrawn
/// players stay with the points they made, marked.
enum ArenaStandings {
    /// The standings from `games`, in the order they finished (a game started before the
    /// end counts when it finishes).
    static func standings(players: [ArenaPlayer], games: [ArenaGame]) -> [ArenaStanding] {
        var results: [UUID: [ArenaScoring.Outcome]] = [:], opponentRatings: [UUID: [Double]] = [:]
        for game in games {
            for (player, opponentRating) in [(game.x, game.oRating), (game.o, game.xRating)] {
                results[player, default: []].append(game.outcome(for: player)!)
                opponentRatings[player, default: []].append(opponentRating)
            }
        }
        let lines = players.map { player in
            let played = results[player.id] ?? []
            let points = ArenaScoring.points(for: played)
            return ArenaStanding(
                place: 0, player: player.id, points: points.reduce(0, +), gamePoints: points,
                onStreak: ArenaScoring.isOnStreak(after: played),
                performance: performance(played, opponentRatings: opponentRatings[player.id] ?? []),
                withdrawn: player.withdrawn)
        }
        let order = lines.sorted { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.performance != b.performance { return (a.performance ?? -.infinity) > (b.performance ?? -.infinity) }
            return a.player.uuidString < b.player.uuidString
        }
        return order.enumerated().map { index, line in
            var line = line
            line.place = index + 1
            return line
        }
    }

    static func performance(_ results: [ArenaScoring.Outcome], opponentRatings: [Double]) -> Double? {
        guard !results.isEmpty else { return nil }
        let total = zip(results, opponentRatings).reduce(0.0) { sum, game in
            sum + game.1 + (game.0 == .win ? 400 : game.0 == .loss ? -400 : 0)
        }
        return total / Double(results.count)
    }
}
