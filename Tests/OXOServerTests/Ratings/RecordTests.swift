import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("Records and ratings follow every finished game between people")
struct RecordTests {
    @Test func aWinCountsForBothAndMovesBothRatingsTheSameDistanceApart() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await alice.beat(bob)
            let winner = try await alice.profile(), loser = try await alice.profile(of: try await bob.id())
            #expect(winner.record == PlayerRecord(won: 1, lost: 0, drawn: 0))
            #expect(loser.record == PlayerRecord(won: 0, lost: 1, drawn: 0))
            #expect(winner.rating.value > 1500 && loser.rating.value < 1500)
            #expect(abs((winner.rating.value - 1500) - (1500 - loser.rating.value)) < 1e-6)
            #expect(winner.rating.deviation < 350 && winner.rating.provisional)
            #expect(winner.ratingHistory.map(\.game) == [game.id])
            #expect(winner.ratingHistory.last?.value == winner.rating.value)
            #expect(winner.ratingHistory.last?.deviation == winner.rating.deviation)
        }
    }

    @Test func aDrawCountsAsDrawnForBoth() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            #expect(try await alice.draw(with: bob).result?.reason == .draw)
            for player in [alice, bob] {
                let profile = try await player.profile()
                #expect(profile.record == PlayerRecord(won: 0, lost: 0, drawn: 1))
                #expect(abs(profile.rating.value - 1500) < 1e-6 && profile.rating.deviation < 350)
                #expect(profile.ratingHistory.count == 1)
            }
        }
    }

    @Test func resigningLosesTheGame() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await alice.startGame(against: bob)
            _ = try await bob.move(0, in: try await alice.move(4, in: game))
            _ = try await alice.resign(game.id)
            #expect(try await alice.profile().record == PlayerRecord(won: 0, lost: 1, drawn: 0))
            #expect(try await bob.profile().record == PlayerRecord(won: 1, lost: 0, drawn: 0))
        }
    }

    @Test func aClaimedWinCountsForTheOneWhoStayed() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (alice, game, aliceLive, _) = try await AwayTests.bobLeavesTheGame(on: server)
            try await server.advance(clock, by: 61)
            _ = try await alice.claimWin(game.id)
            let bob = try #require(game.o?.player?.id)
            #expect(try await alice.profile().record == PlayerRecord(won: 1, lost: 0, drawn: 0))
            #expect(try await alice.profile(of: bob).record == PlayerRecord(won: 0, lost: 1, drawn: 0))
            await aliceLive.close()
        }
    }

    @Test func aGameSettledByTheTimerForAbsenceCountsToo() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (alice, game, aliceLive, _) = try await AwayTests.bobLeavesTheGame(on: server)
            try await server.advance(clock, by: 61)
            try await server.advance(clock, by: 60)
            _ = try await aliceLive.event(on: .game(game.id)) { $0.kind == .gameFinished }
            let bob = try #require(game.o?.player?.id)
            #expect(try await alice.profile().record == PlayerRecord(won: 1, lost: 0, drawn: 0))
            #expect(try await alice.profile(of: bob).record == PlayerRecord(won: 0, lost: 1, drawn: 0))
            await aliceLive.close()
        }
    }

    @Test func gamesAgainstTheComputerWithOneselfOrNeverPlayedCountForNobody() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            for mode in [GameMode.computer, .passAndPlay] {
                let game = try await alice.createGame(side: .x, mode: mode, level: mode == .computer ? .easy : nil)
                _ = try await alice.move(4, in: game)
                #expect(try await alice.resign(game.id).phase == .finished)
            }
            _ = try await alice.cancel(try await alice.createGame(side: .x).id)
            let profile = try await alice.profile()
            #expect(profile.record == .none)
            #expect(profile.rating == Rating(value: 1500, deviation: 350, volatility: 0.06, provisional: true))
            #expect(profile.ratingHistory.isEmpty)
            #expect(try await server.count("rating_history") == 0)
        }
    }

    @Test func theRatingHistoryGrowsByOnePointAGameOldestFirst() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var games: [GameID] = []
            for _ in 0..<3 {
                clock.advance(by: 60)
                games.append(try await alice.beat(bob).id)
            }
            let history = try await alice.profile().ratingHistory
            #expect(history.map(\.game) == games)
            #expect(history.map(\.value) == history.map(\.value).sorted() && Set(history.map(\.value)).count == 3)
            #expect(history.map(\.at) == history.map(\.at).sorted())
            #expect(zip(history, history.dropFirst()).allSatisfy { $0.deviation > $1.deviation })
        }
    }

    /// Guests vanish a day after they came unless they register, so their games count in
    /// the record but rate nobody: neither the guest nor the registered opponent.
    @Test func aGuestsGamesCountInTheRecordsButRateNobody() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            let guest = try await OXOClient.playAsGuest(at: URL(string: server.baseURL)!)
            try await guest.beat(alice)
            let guestProfile = try await guest.profile(), aliceProfile = try await alice.profile()
            #expect(guestProfile.guest && !aliceProfile.guest)
            #expect(guestProfile.record == PlayerRecord(won: 1, lost: 0, drawn: 0))
            #expect(aliceProfile.record == PlayerRecord(won: 0, lost: 1, drawn: 0))
            for profile in [guestProfile, aliceProfile] {
                #expect(profile.rating.value == 1500 && profile.rating.deviation == 350)
                #expect(profile.ratingHistory.isEmpty)
            }
            #expect(try await alice.leaderboard(by: .weeklyWins).rows.isEmpty)
        }
    }
}
