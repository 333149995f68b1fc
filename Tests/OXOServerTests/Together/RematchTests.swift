import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Rematch and series")
struct RematchTests {
    @Test func bothOfferingAtTheSameMomentStartExactlyOneGameWithSidesSwapped() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline()
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            _ = try await bob.resign(game.id)

            let offers = await concurrently(0..<10) { index in try await (index % 2 == 0 ? alice : bob).offerRematch(game.id) }
            #expect(offers.allSatisfy { (try? $0.get()) != nil })
            let old = try await alice.game(game.id)
            #expect(Set(old.rematch?.offeredBy ?? []) == [.x, .o])
            let rematchID = try #require(old.rematch?.game)
            let started = try await aliceLive.event(on: try await alice.inboxTopic()) { $0.kind == .gameStarted }
            #expect(started.game?.id == rematchID)
            let rematch = try await alice.game(rematchID)
            #expect(rematch.x?.player?.username == "bob" && rematch.o?.player?.username == "alice", "sides swapped")
            #expect(rematch.phase == .live)
            #expect(rematch.listed, "a listed game's rematch is listed, so its watchers may follow the players into it")
            let aliceGames = try await alice.myGames().games
            #expect(aliceGames.count == 2, "the old game and exactly one rematch")
            await aliceLive.close()
        }
    }

    @Test func aRematchOfferIsSeenOnTheGameTopic() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            _ = try await alice.resign(game.id)
            let bobLive = try await bob.connect(following: [.game(game.id)])
            _ = try await bobLive.updates { if case .snapshot = $0 { true } else { false } }
            _ = try await alice.offerRematch(game.id)
            let offered = try await bobLive.event(on: .game(game.id)) { $0.kind == .rematchChanged }
            #expect(offered.game?.rematch == Rematch(offeredBy: [.x], game: nil))
            _ = try await bob.offerRematch(game.id)
            let started = try await bobLive.event(on: .game(game.id)) { $0.kind == .rematchChanged }
            #expect(started.game?.rematch?.game != nil)
            await bobLive.close()
        }
    }

    @Test func theSeriesCountsEveryFinishedGameBetweenTwoPlayersHoweverTheyMet() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            let sockets = [try await alice.goOnline(), try await bob.goOnline()]
            // An open game: alice X wins by a line.
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            for cell in [0, 3, 1, 4, 2] { game = try await (game.turn == .x ? alice : bob).move(cell, in: game) }
            // The rematch: bob is X and alice resigns.
            _ = try await alice.offerRematch(game.id)
            let rematchID = try #require(try await bob.offerRematch(game.id).rematch?.game)
            _ = try await alice.resign(rematchID)
            // A challenge, bob on X: a draw.
            let challenge = try await bob.challenge(try await alice.id())
            var drawn = try await alice.game(try #require(try await alice.accept(challenge.id).game))
            for cell in [0, 4, 8, 1, 7, 6, 2, 5, 3] { drawn = try await (drawn.turn == .x ? bob : alice).move(cell, in: drawn) }
            #expect(drawn.result?.winner == nil && drawn.phase == .finished)
            // And one still going, and one with someone else: neither counts.
            _ = try await bob.join(try await alice.createGame(side: .x).id)
            _ = try await carol.resign(try await carol.join(try await alice.createGame(side: .x).id).id)

            let series = try await alice.series(with: try await bob.id())
            #expect(series.opponent.username == "bob")
            #expect((series.wins, series.losses, series.draws) == (1, 1, 1))
            let mirror = try await bob.series(with: try await alice.id())
            #expect((mirror.wins, mirror.losses, mirror.draws) == (1, 1, 1))
            #expect(try await alice.series(with: try await carol.id()).wins == 1)
            #expect(await refusal { try await alice.series(with: UserID(rawValue: UUID())) } == .playerNotFound)
            for socket in sockets { await socket.close() }
        }
    }

    @Test func aRematchIsOnlyForTheTwoPlayersOfAFinishedOnlineGame() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            #expect(await refusal { try await alice.offerRematch(game.id) } == .rematchUnavailable, "still being played")
            _ = try await bob.resign(game.id)
            #expect(await refusal { try await carol.offerRematch(game.id) } == .notAPlayer)
            let computer = try await alice.createGame(side: .x, mode: .computer, level: .easy)
            _ = try await alice.resign(computer.id)
            #expect(await refusal { try await alice.offerRematch(computer.id) } == .rematchUnavailable)
            #expect(await refusal { try await alice.offerRematch(GameID(rawValue: UUID())) } == .gameNotFound)
        }
    }
}
