import Foundation
import Testing
@testable import OXOPlay

/// Arena points and standings, worked out by hand.
@Suite("Arena points double on a streak")
struct ArenaScoringTests {
    typealias T = SwissPairingTests

    @Test func theThirdWinInARowAndEveryWinAfterItCountDouble() {
        #expect(ArenaScoring.points(for: [.win, .win, .win, .win, .win]) == [2, 2, 4, 4, 4])
        #expect(ArenaScoring.points(for: [.draw, .draw, .loss, .draw]) == [1, 1, 0, 1], "no streak, no doubling")
    }

    @Test func aDrawOnAStreakIsWorthTwoAndEndsIt() {
        #expect(ArenaScoring.points(for: [.win, .win, .draw, .win, .win, .win]) == [2, 2, 2, 2, 2, 4])
    }

    @Test func aLossEndsTheStreak() {
        #expect(ArenaScoring.points(for: [.win, .win, .win, .loss, .win, .win, .win]) == [2, 2, 4, 0, 2, 2, 4])
        #expect(ArenaScoring.points(for: [.win, .loss, .win, .win]) == [2, 0, 2, 2], "two wins with a loss between are no streak")
    }

    @Test func aPlayerIsOnAStreakAfterTwoWinsInARow() {
        #expect(!ArenaScoring.isOnStreak(after: []))
        #expect(!ArenaScoring.isOnStreak(after: [.win]))
        #expect(ArenaScoring.isOnStreak(after: [.loss, .win, .win]))
        #expect(ArenaScoring.isOnStreak(after: [.win, .win, .win]))
        #expect(!ArenaScoring.isOnStreak(after: [.win, .win, .draw]))
    }

    /// Four players, a rated 2000 to d 1850, and e (1800) who joined and played nothing:
    ///
    ///     1. a beats b   a 2       b 0
    ///     2. c draws d   c 1       d 1
    ///     3. a beats c   a 2 (4)   c 0 (1)
    ///     4. b beats d   b 2 (2)   d 0 (1)
    ///     5. a beats d   a 4 (8)   d 0 (1)     a's third win in a row counts double
    ///     6. b draws c   b 1 (3)   c 1 (2)
    ///     7. c beats d   c 2 (4)   d 0 (1)
    ///
    /// b (3 points) then withdraws. a 8, c 4, b 3, d 1, e 0. Performance of c (4 points):
    /// (1850 + 2000 - 400 + 1950 + 1850 + 400) / 4 = 1912.5.
    @Test func standingsCountStreakPointsAndKeepWithdrawnAndLatePlayers() {
        let rating: [Character: Double] = ["a": 2000, "b": 1950, "c": 1900, "d": 1850]
        func game(_ x: Character, _ o: Character, _ result: ArenaGame.Result) -> ArenaGame {
            ArenaGame(x: T.id(x), o: T.id(o), xRating: rating[x]!, oRating: rating[o]!, result: result)
        }
        let games = [
            game("a", "b", .xWon), game("c", "d", .draw), game("a", "c", .xWon), game("d", "b", .oWon),
            game("a", "d", .xWon), game("b", "c", .draw), game("c", "d", .xWon),
        ]
        var players = "abcde".map { ArenaPlayer(id: T.id($0), rating: rating[$0] ?? 1800) }
        players[1].withdrawn = true
        let standings = ArenaStandings.standings(players: players, games: games)
        #expect(standings.map(\.player) == "acbde".map { T.id($0) })
        #expect(standings.map(\.points) == [8, 4, 3, 1, 0])
        #expect(standings[0].gamePoints == [2, 2, 4] && standings[0].onStreak)
        #expect(standings[1].performance == 1912.5)
        #expect(standings.map(\.withdrawn) == [false, false, true, false, false])
        #expect(standings[4].performance == nil && standings[4].gamePoints.isEmpty, "a late joiner starts at 0")
    }

    /// Two players on 2 points: b beat a 1600 player, c beat a 1500 one; b's performance
    /// (2000) is higher than c's (1900), so b is ahead whatever their ids.
    @Test func performanceBreaksATieOnPoints() {
        let games = [
            ArenaGame(x: T.id("c"), o: T.id("e"), xRating: 1700, oRating: 1500, result: .xWon),
            ArenaGame(x: T.id("b"), o: T.id("d"), xRating: 1700, oRating: 1600, result: .xWon),
        ]
        let players = "bcde".map { ArenaPlayer(id: T.id($0), rating: 1700) }
        let standings = ArenaStandings.standings(players: players.reversed(), games: games)
        #expect(standings.prefix(2).map(\.player) == [T.id("b"), T.id("c")])
        #expect(standings.prefix(2).map(\.performance) == [2000, 1900])
    }
}
