import Foundation
import OXOClient
import OXOProtocol
import OXOCore
@testable import OXOServer
import Testing
import TicTacToe

extension TestServer {
    /// Moves `clock` on by `seconds` and returns once the clock timer (the one that ends
    /// games whose time ran out) has run at the new time.
    func advanceClocks(_ clock: ManualClock, by seconds: TimeInterval) async throws {
        try await advance(clock, by: seconds, timer: \.completedClockRuns)
    }
}

@Suite("Clocks and correspondence deadlines")
struct TimeControlTests {
    /// Alice (X) opens a game with `control` and Bob joins it: the clock starts then.
    static func aliceAndBob(on server: TestServer, _ control: TimeControl) async throws
        -> (alice: OXOClient, bob: OXOClient, game: GameView)
    {
        let alice = try await server.player("alice"), bob = try await server.player("bob")
        let open = try await alice.createGame(side: .x, timeControl: control)
        #expect(open.timeControl == control)
        #expect(open.clock == nil && open.deadline == nil, "no clock runs before the game starts")
        return (alice, bob, try await bob.join(open.id))
    }

    @Test func eachMoveIsChargedTheTimeSinceTheMoveBeforeAndGainsTheIncrement() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (alice, bob, started) = try await Self.aliceAndBob(on: server, .clock(minutes: 3, increment: 2))
            let startedClock = try #require(started.clock)
            #expect(startedClock == GameClock(xMs: 180_000, oMs: 180_000, measuredAt: startedClock.measuredAt, running: .x))
            #expect(started.deadline == startedClock.measuredAt.addingTimeInterval(180))

            clock.advance(by: 10)
            let afterX = try await alice.move(4, in: started)
            #expect(afterX.clock?.xMs == 172_000, "180 s less the 10 s the move took, plus the 2 s increment")
            #expect(afterX.clock?.oMs == 180_000)
            #expect(afterX.clock?.running == .o)
            #expect(afterX.clock?.measuredAt == startedClock.measuredAt.addingTimeInterval(10))
            #expect(afterX.deadline == startedClock.measuredAt.addingTimeInterval(190))

            clock.advance(by: 4.5)
            let afterO = try await bob.move(0, in: afterX)
            #expect(afterO.clock?.oMs == 177_500)
            #expect(afterO.clock?.xMs == 172_000)
            #expect(try await bob.game(started.id).clock == afterO.clock, "a read shows the clocks a move's answer showed")
        }
    }

    @Test func aPlayerWhoseClockRunsOutLosesWithinASecondOfZero() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (alice, bob, started) = try await Self.aliceAndBob(on: server, .clock(minutes: 1, increment: 0))
            let live = try await alice.goOnline(following: [.game(started.id)])
            let moved = try await alice.move(4, in: started)

            try await server.advanceClocks(clock, by: 59.5)
            #expect(try await bob.game(started.id).phase == .live, "half a second is left")
            try await server.advanceClocks(clock, by: 0.6)
            let finished = try await live.event(on: .game(started.id)) { $0.kind == .gameFinished }
            #expect(finished.game?.result == GameResult(winner: .x, reason: .timeout, line: nil))
            #expect(finished.game?.clock?.oMs == 0)
            #expect(finished.game?.clock?.running == nil)
            #expect(finished.game?.deadline == nil)
            // The flagged side hears why, as before the timer ended the game; the other, that it is over.
            #expect(await refusal { try await bob.move(0, in: moved) } == .outOfTime)
            #expect(await refusal { try await alice.move(0, in: moved) } == .gameOver)
            await live.close()
        }
    }

    @Test func aMoveAfterTheFlagIsRefusedEvenBeforeTheTimerEndsTheGame() async throws {
        let clock = ManualClock()
        // The timer looks only once an hour here, so the move comes before it.
        try await withServer(clock: clock, adjust: { $0.clockCheckInterval = 3600 }) { server in
            let (alice, bob, started) = try await Self.aliceAndBob(on: server, .clock(minutes: 1, increment: 0))
            let moved = try await alice.move(4, in: started)
            clock.advance(by: 60)
            #expect(await refusal { try await bob.move(0, in: moved) } == .outOfTime)
            #expect(try await bob.game(started.id).moves.count == 1)
        }
    }

    @Test func aClaimAfterTheClaimersOwnFlagFellEndsTheGameOnTimeInstead() async throws {
        let clock = ManualClock()
        // The timer looks only once an hour here, so the claim comes before it.
        try await withServer(clock: clock, adjust: { $0.clockCheckInterval = 3600 }) { server in
            let thirtySeconds = TimeControl(kind: .clock, initialSeconds: 30, incrementSeconds: 0)
            var (alice, bob, game) = try await Self.aliceAndBob(on: server, thirtySeconds)
            game = try await alice.move(4, in: game)
            game = try await bob.move(0, in: game)
            let aliceLive = try await alice.goOnline(following: [.game(game.id)])
            await (try await bob.goOnline()).close()
            _ = try await aliceLive.event(on: .game(game.id)) { $0.kind == .playerLeft }

            // Alice's 30 s run out while Bob is away; after the grace period she claims.
            clock.advance(by: 61)
            let claimed = try await alice.claimWin(game.id)
            #expect(claimed.result == GameResult(winner: .o, reason: .timeout, line: nil))
            #expect(try await bob.game(game.id).result?.reason == .timeout)
            await aliceLive.close()
        }
    }

    @Test func aFlagIsADrawWhenTheOpponentCouldNoLongerMakeALine() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (alice, bob, started) = try await Self.aliceAndBob(on: server, .clock(minutes: 1, increment: 0))
            var game = started
            // X at 0 and 4, O at 1 and 3: O can make no line with the two moves left to it.
            for (player, cell) in [(alice, 0), (bob, 1), (alice, 4), (bob, 3)] { game = try await player.move(cell, in: game) }
            try await server.advanceClocks(clock, by: 61)
            let finished = try await alice.game(game.id)
            #expect(finished.result == GameResult(winner: nil, reason: .timeout, line: nil))
        }
    }

    @Test func aRematchKeepsTheTimeControl() async throws {
        try await withServer { server in
            let (alice, bob, started) = try await Self.aliceAndBob(on: server, .clock(minutes: 5, increment: 0))
            _ = try await alice.resign(started.id)
            _ = try await alice.offerRematch(started.id)
            let rematch = try #require(try await bob.offerRematch(started.id).rematch?.game)
            #expect(try await bob.game(rematch).timeControl == .clock(minutes: 5, increment: 0))
            #expect(try await bob.game(rematch).clock?.running == .x)
        }
    }

    @Test func controlsOutsideTheOfferedOnesAreRefusedWithTheirCode() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            let refused: [(TimeControl, GameMode?)] = [
                (TimeControl(kind: .clock, initialSeconds: 5, incrementSeconds: 0), nil),
                (TimeControl(kind: .clock, initialSeconds: 60, incrementSeconds: 61), nil),
                (TimeControl(kind: .clock), nil),
                (TimeControl(kind: .correspondence, daysPerMove: 2), nil),
                (.clock(minutes: 3, increment: 2), .passAndPlay),
            ]
            for (control, mode) in refused {
                #expect(await refusal { try await alice.createGame(side: .x, mode: mode, timeControl: control) } == .invalidTimeControl,
                        "\(control)")
            }
            let casual = try await alice.createGame(side: .x, timeControl: .casual)
            #expect(casual.timeControl == nil, "a casual game says nothing of time")
        }
    }

    @Test func aCorrespondenceGameWaitsForAnOfflineFriendRemindsAndIsLostOnTimeAcrossARestart() async throws {
        let clock = ManualClock()
        let first = try await TestServer.start(clock: clock)
        var server = first
        do {
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline()
            // Bob is not online: a correspondence challenge waits for him all the same.
            let challenge = try await alice.challenge(try await bob.id(), side: .x, timeControl: .correspondence(days: 1))
            #expect(challenge.expiresAt == challenge.createdAt.addingTimeInterval(7 * 86_400))
            #expect(await refusal { try await alice.challenge(try await bob.id(), side: .x) } == .playerOffline,
                    "a casual challenge still needs him online")
            try await server.advance(clock, by: 3600)
            let gameID = try #require(try await bob.accept(challenge.id).game)
            var game = try await bob.game(gameID)
            #expect(game.timeControl == .correspondence(days: 1))
            #expect(game.away == nil, "nobody is away in a correspondence game")
            game = try await alice.move(4, in: game)
            let deadline = try #require(game.deadline)
            await aliceLive.close()

            try await server.advance(clock, by: 17 * 3600)
            #expect(try await bob.notifications().notifications.contains { $0.kind == .timeRunningOut } == false)
            try await server.advance(clock, by: 3600 + 1)
            let reminders = try await bob.notifications().notifications.filter { $0.kind == .timeRunningOut }
            #expect(reminders.count == 1)
            #expect(reminders.first?.game == gameID)
            try await server.advance(clock, by: 60)
            #expect(try await bob.notifications().notifications.filter { $0.kind == .timeRunningOut }.count == 1, "once per move")

            // The server stops and starts again on the same SQLite file; the deadline holds.
            server = try await server.restarted()
            #expect(try await bob.game(gameID).deadline == deadline)
            try await server.advanceClocks(clock, by: 6 * 3600)
            let finished = try await bob.game(gameID)
            #expect(finished.result == GameResult(winner: .x, reason: .timeout, line: nil))
            try await server.stop()
            try? await TestStorage.remove(server.configuration.storage)
        } catch {
            try? await server.stop()
            try? await TestStorage.remove(server.configuration.storage)
            throw error
        }
    }

    @Test func correspondenceGamesAreRatedApartFromRealTimeOnes() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let challenge = try await alice.challenge(try await bob.id(), side: .x, timeControl: .correspondence(days: 3))
            let gameID = try #require(try await bob.accept(challenge.id).game)
            var game = try await alice.move(4, in: try await alice.game(gameID))
            game = try await bob.move(0, in: game)
            _ = try await bob.resign(gameID)

            let profile = try await alice.profile(of: try await alice.id())
            #expect(profile.correspondence?.record == PlayerRecord(won: 1, lost: 0, drawn: 0))
            #expect(profile.correspondence?.rating.value ?? 0 > 1500)
            #expect(profile.record == PlayerRecord(won: 0, lost: 0, drawn: 0), "the real-time record is untouched")
            #expect(profile.rating.value == 1500)
            #expect(profile.ratingHistory.isEmpty, "the chart shows real-time games")

            let byPost = try await alice.leaderboard(by: .weeklyWins, pace: .correspondence)
            #expect(byPost.pace == .correspondence)
            #expect(byPost.me?.record == PlayerRecord(won: 1, lost: 0, drawn: 0))
            #expect(try await alice.leaderboard(by: .weeklyWins).me == nil, "she has no real-time rating to stand on that board")
            let api = try await DocumentedClient.of(server)
            let carol = try await api.register("carol")
            expectRefused(try await api.send(.GET, "/v1/leaderboard", query: "?pace=blitz", token: carol.token), 400, .invalidRequest)
        }
    }
}
