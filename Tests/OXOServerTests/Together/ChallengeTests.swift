import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("Challenges")
struct ChallengeTests {
    @Test func aChallengeIsSeenThenAcceptedAndBothLandSeatedInOneGame() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            let aliceInbox = try await alice.inboxTopic(), bobInbox = try await bob.inboxTopic()

            let challenge = try await alice.challenge(try await bob.id(), side: .o)
            #expect(challenge.state == .pending && !challenge.seen && challenge.side == .o)
            let received = try await bobLive.event(on: bobInbox) { $0.kind == .challengeChanged }
            #expect(received.challenge == challenge)

            _ = try await bob.markSeen(challenge.id)
            let seen = try await aliceLive.event(on: aliceInbox) { $0.challenge?.seen == true }
            #expect(seen.challenge?.state == .pending)

            let accepted = try await bob.accept(challenge.id)
            #expect(accepted.state == .accepted)
            let gameID = try #require(accepted.game)
            for (live, inbox) in [(aliceLive, aliceInbox), (bobLive, bobInbox)] {
                let started = try await live.event(on: inbox) { $0.kind == .gameStarted }
                #expect(started.game?.id == gameID)
            }
            let game = try await alice.game(gameID)
            #expect(game.phase == .live && game.mode == .online && !game.listed)
            #expect(game.x?.player?.username == "bob" && game.o?.player?.username == "alice", "alice chose O")
            #expect(try await alice.challenges().challenges.isEmpty)
            await aliceLive.close()
            await bobLive.close()
        }
    }

    @Test func aDeclinedOrCancelledChallengeIsClosedForBoth() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            let first = try await alice.challenge(try await bob.id())
            _ = try await bob.decline(first.id)
            let declined = try await aliceLive.event(on: try await alice.inboxTopic()) { $0.challenge?.state == .declined }
            #expect(declined.challenge?.id == first.id)

            let second = try await alice.challenge(try await bob.id())
            #expect(try await bob.challenges().challenges.map(\.id) == [second.id], "the received one is listed")
            _ = try await alice.cancel(second.id)
            _ = try await bobLive.event(on: try await bob.inboxTopic()) { $0.challenge?.state == .cancelled }
            #expect(await refusal { try await bob.accept(second.id) } == .challengeClosed)
            await aliceLive.close()
            await bobLive.close()
        }
    }

    @Test func challengesThatCannotBeAreRefusedWithTheirCode() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol"), dave = try await server.player("dave")
            let sockets = [try await alice.goOnline(), try await bob.goOnline(), try await carol.goOnline()]
            #expect(await refusal { try await alice.challenge(try await alice.id()) } == .invalidRequest)
            #expect(await refusal { try await alice.challenge(UserID(rawValue: UUID())) } == .playerNotFound)
            #expect(await refusal { try await alice.challenge(try await dave.id()) } == .playerOffline, "dave has no client open")

            let challenge = try await alice.challenge(try await bob.id())
            #expect(await refusal { try await alice.challenge(try await bob.id()) } == .challengePending)
            #expect(await refusal { try await bob.challenge(try await alice.id()) } == .challengePending, "either way round")
            #expect(await refusal { try await carol.accept(challenge.id) } == .challengeNotFound, "not hers to see")
            #expect(await refusal { try await alice.accept(challenge.id) } == .forbidden, "the challenger cannot accept")
            #expect(await refusal { try await bob.cancel(challenge.id) } == .forbidden, "only the challenger cancels")
            #expect(await refusal { try await bob.accept(ChallengeID(rawValue: UUID())) } == .challengeNotFound)
            for socket in sockets { await socket.close() }
        }
    }

    @Test func nobodyMayHaveMoreThanTheLimitOfChallengesWaiting() async throws {
        try await withServer(adjust: { $0.waitingChallengeLimit = 2 }) { server in
            let alice = try await server.player("alice")
            var others: [(OXOClient, RealtimeConnection)] = []
            for name in ["bob", "carol", "dave"] {
                let client = try await server.player(name)
                others.append((client, try await client.goOnline()))
            }
            let first = try await alice.challenge(try await others[0].0.id())
            _ = try await alice.challenge(try await others[1].0.id())
            #expect(await refusal { try await alice.challenge(try await others[2].0.id()) } == .rateLimited)
            _ = try await alice.cancel(first.id)
            _ = try await alice.challenge(try await others[2].0.id()) // one fewer waiting: allowed again
            for (_, live) in others { await live.close() }
        }
    }

    @Test func aChallengeAcceptedTwentyTimesAtOnceMakesOneGame() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let sockets = [try await alice.goOnline(), try await bob.goOnline()]
            let challenge = try await alice.challenge(try await bob.id())
            let answers = await concurrently(0..<20) { _ in try await bob.accept(challenge.id) }
            let accepted = answers.compactMap { try? $0.get() }
            #expect(accepted.count == 1)
            #expect(answers.compactMap(refusalCode).allSatisfy { $0 == .challengeClosed })
            #expect(answers.compactMap(refusalCode).count == 19)
            #expect(try await alice.myGames().games.map(\.id) == [try #require(accepted.first?.game)])
            for socket in sockets { await socket.close() }
        }
    }

    @Test func aChallengeNobodyAnswersExpiresAfterItsLifetime() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            let challenge = try await alice.challenge(try await bob.id())
            try await server.advance(clock, by: 30)
            #expect(try await bob.challenges().challenges.count == 1, "half a minute on it still waits")

            try await server.advance(clock, by: 31)
            for (live, client) in [(aliceLive, alice), (bobLive, bob)] {
                let expired = try await live.event(on: try await client.inboxTopic()) { $0.challenge?.state == .expired }
                #expect(expired.challenge?.id == challenge.id)
            }
            #expect(await refusal { try await bob.accept(challenge.id) } == .challengeClosed)
            #expect(try await bob.challenges().challenges.isEmpty)
            _ = try await alice.challenge(try await bob.id()) // the pair may try again
            await aliceLive.close()
            await bobLive.close()
        }
    }
}
