import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("Opponent left")
struct AwayTests {
    /// Alice (X) and Bob play; Bob's only client goes. Returns Alice, following the game,
    /// and the `player_left` event she saw.
    static func bobLeavesTheGame(on server: TestServer) async throws
        -> (alice: OXOClient, game: GameView, aliceLive: RealtimeConnection, left: TopicEvent)
    {
        let alice = try await server.player("alice"), bob = try await server.player("bob")
        var game = try await bob.join(try await alice.createGame(side: .x).id)
        // Each moves once: a game left before both moved would count for nobody.
        game = try await alice.move(4, in: game)
        game = try await bob.move(0, in: game)
        let aliceLive = try await alice.goOnline(following: [.game(game.id)])
        let bobLive = try await bob.goOnline()
        await bobLive.close()
        let left = try await aliceLive.event(on: .game(game.id)) { $0.kind == .playerLeft }
        return (alice, game, aliceLive, left)
    }

    @Test func theOneWhoStayedMayClaimTheWinOnceTheGracePeriodIsOver() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (alice, game, aliceLive, left) = try await Self.bobLeavesTheGame(on: server)
            let absence = try #require(left.game?.away?.first)
            #expect(absence.mark == .o)
            #expect(absence.claimableAt == absence.since.addingTimeInterval(60))
            #expect(await refusal { try await alice.claimWin(game.id) } == .claimTooEarly)

            try await server.advance(clock, by: 61)
            let won = try await alice.claimWin(game.id)
            #expect(won.result == GameResult(winner: .x, reason: .abandoned, line: nil))
            #expect(await refusal { try await alice.claimWin(game.id) } == .gameOver)
            await aliceLive.close()
        }
    }

    @Test func aPlayerWhoComesBackInTimeGoesOnPlaying() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let open = try await alice.createGame(side: .x)
            let aliceLive = try await alice.goOnline(following: [.game(open.id)])
            let bobLive = try await bob.goOnline()
            let game = try await bob.join(open.id)
            #expect(await refusal { try await alice.claimWin(game.id) } == .opponentPresent)

            await bobLive.close()
            _ = try await aliceLive.event(on: .game(game.id)) { $0.kind == .playerLeft }
            try await server.advance(clock, by: 30)
            let back = try await bob.goOnline()
            let returned = try await aliceLive.event(on: .game(game.id)) { $0.kind == .playerReturned }
            #expect(returned.game?.away == nil)
            try await server.advance(clock, by: 200)
            #expect(await refusal { try await alice.claimWin(game.id) } == .opponentPresent)
            #expect(try await bob.game(game.id).phase == .live, "the timer leaves a game alone when both are there")
            _ = try await alice.move(4, in: game)
            await back.close()
            await aliceLive.close()
        }
    }

    @Test func aPlayerWithNoClientWhenTheGameStartsIsAwayFromThatMoment() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let open = try await alice.createGame(side: .x)
            let bobLive = try await bob.goOnline(following: [.game(open.id)])
            let joined = try await bob.join(open.id)
            #expect(joined.away?.map(\.mark) == [.x], "the join's own answer says so too")
            let left = try await bobLive.event(on: .game(open.id)) { $0.kind == .playerLeft }
            #expect(left.game?.away?.map(\.mark) == [.x], "alice opened the game and has no client: she is away")
            #expect(await refusal { try await bob.claimWin(open.id) } == .claimTooEarly)

            try await server.advance(clock, by: 61)
            let won = try await bob.claimWin(open.id)
            #expect(won.result == GameResult(winner: .o, reason: .abandoned, line: nil))
            await bobLive.close()
        }
    }

    @Test func twoPlayersOverHTTPAloneAreThereWhileTheyMoveAndLook() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            // Neither ever opens a socket: both are away from the start, and only what they
            // ask of the game says they are there.
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            #expect(Set(game.away?.map(\.mark) ?? []) == [.x, .o])
            // X wins in five moves, each after 50 s, longer in all than twice the grace
            // period; both look at the game in between, as clients that poll.
            for (player, waiting, cell) in [(alice, bob, 0), (bob, alice, 3), (alice, bob, 1), (bob, alice, 4), (alice, bob, 2)] {
                try await server.advance(clock, by: 25)
                _ = try await waiting.game(game.id)
                _ = try await player.game(game.id)
                try await server.advance(clock, by: 25)
                #expect(await refusal { try await waiting.claimWin(game.id) } == .claimTooEarly)
                game = try await player.move(cell, in: game)
            }
            #expect(game.result?.winner == .x && game.result?.reason == .line)
        }
    }

    @Test func aChallengerWhoLeftBeforeTheAcceptIsAwayInTheNewGame() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline(following: [.presence])
            let challenge = try await alice.challenge(try await bob.id(), side: .x)
            await aliceLive.close()
            _ = try await bobLive.event(on: .presence) { $0.presence?.status == .offline }
            let gameID = try #require(try await bob.accept(challenge.id).game)
            #expect(try await bob.game(gameID).away?.map(\.mark) == [.x])
            await bobLive.close()
        }
    }

    @Test func aGameNobodyClaimsIsSettledByTheTimerAfterTwiceTheGracePeriod() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (alice, game, aliceLive, _) = try await Self.bobLeavesTheGame(on: server)

            try await server.advance(clock, by: 61)
            #expect(try await alice.game(game.id).phase == .live, "claimable, not yet settled")
            try await server.advance(clock, by: 60)
            let finished = try await aliceLive.event(on: .game(game.id)) { $0.kind == .gameFinished }
            #expect(finished.game?.result == GameResult(winner: .x, reason: .abandoned, line: nil))
            await aliceLive.close()
        }
    }
}
