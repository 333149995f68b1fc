import Foundation
import OXOClient
import OXOProtocol
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
        let game = try await bob.join(try await alice.createGame(side: .x).id)
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
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let aliceLive = try await alice.goOnline(following: [.game(game.id)])
            #expect(await refusal { try await alice.claimWin(game.id) } == .opponentPresent, "bob never left: he has no client, but was never seen either")

            let bobLive = try await bob.goOnline()
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
