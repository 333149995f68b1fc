import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// Two accounts playing each other to farm a rating or the weekly board: games nobody
/// played count for nobody, and one opponent's losses count for the week only a few
/// times a day.
@Suite("Ratings cannot be farmed")
struct RatingFarmTests {
    @Test func gamesEndedBeforeBothPlayersMovedCountForNobody() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            for _ in 0..<5 {
                _ = try await bob.resign(try await alice.startGame(against: bob).id)
            }
            // X moved, O never did: resigning still counts for nobody.
            let game = try await alice.startGame(against: bob)
            _ = try await alice.move(4, in: game)
            #expect(try await bob.resign(game.id).result?.winner == .x)
            for player in [alice, bob] {
                let profile = try await player.profile()
                #expect(profile.record == .none)
                #expect(profile.rating == Rating(value: 1500, deviation: 350, volatility: 0.06, provisional: true))
            }
            #expect(try await server.count("rating_history") == 0)
            #expect(try await alice.leaderboard(by: .weeklyWins).rows.isEmpty)
        }
    }

    @Test func oneOpponentsLossesCountForTheWeekAFewTimesADay() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            let limit = GameBetweenPeople.weeklyWinsPerOpponentPerDay
            for _ in 0..<(limit + 2) { try await alice.beat(bob) }
            // Every game counts in the records and ratings; the week counts three.
            #expect(try await alice.profile().record == PlayerRecord(won: limit + 2, lost: 0, drawn: 0))
            #expect(try await alice.leaderboard(by: .weeklyWins).me?.weeklyWins == limit)
            try await alice.beat(carol)
            #expect(try await alice.leaderboard(by: .weeklyWins).me?.weeklyWins == limit + 1, "another opponent counts")
            try await bob.beat(alice)
            #expect(try await bob.leaderboard(by: .weeklyWins).me?.weeklyWins == 1, "the cap is the winner's against this loser")
        }
    }

    @Test func aWinFromYesterdayNoLongerCountsAgainstTheCap() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let week = RatingWeek.start(of: clock.clock.now)
            for _ in 0..<GameBetweenPeople.weeklyWinsPerOpponentPerDay { try await alice.beat(bob) }
            try await server.advance(clock, by: 24 * 3600 + 1)
            try await alice.beat(bob)
            let wins = try await alice.leaderboard(by: .weeklyWins).me?.weeklyWins
            let sameWeek = RatingWeek.start(of: clock.clock.now) == week
            #expect(wins == (sameWeek ? GameBetweenPeople.weeklyWinsPerOpponentPerDay + 1 : 1))
        }
    }
}
