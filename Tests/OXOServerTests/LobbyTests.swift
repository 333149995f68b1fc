import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("The lobby")
struct LobbyTests {
    @Test func openAndLiveGamesAreListedNewestFirstAndPaged() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var created: [GameView] = []
            for index in 0..<5 { created.append(try await alice.createGame(side: index % 2 == 0 ? .x : .o)) }
            let hidden = try await alice.createGame(side: .x, listed: false)
            _ = try await bob.join(created[1].id)

            let firstPage = try await bob.openGames(limit: 2)
            #expect(firstPage.games.map(\.id) == [created[4].id, created[3].id])
            let secondPage = try await bob.openGames(cursor: firstPage.nextCursor, limit: 2)
            #expect(secondPage.games.map(\.id) == [created[2].id, created[0].id])
            #expect(secondPage.nextCursor == nil)
            #expect(try await bob.liveGames().games.map(\.id) == [created[1].id])
            let everyOpen = try await bob.openGames(limit: 100).games
            #expect(!everyOpen.contains { $0.id == hidden.id }, "private games are not listed")
            #expect(try await bob.game(hidden.code).id == hidden.id, "but found by their code")
            #expect(try await bob.game(hidden.code.lowercased()).id == hidden.id)
        }
    }

    @Test func myGamesShowWhoseTurnItIs() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let first = try await bob.join(try await alice.createGame(side: .x).id)
            let second = try await bob.join(try await alice.createGame(side: .o).id)
            _ = try await alice.move(4, in: first)
            let mine = try await alice.myGames().games
            #expect(mine.map(\.id) == [second.id, first.id])
            #expect(mine.map(\.turn) == [.x, .o], "bob is X in the second and to move; O to move in the first")
            #expect(try await bob.myGames().games.count == 2)
        }
    }

    @Test func theCreatorCancelsAnOpenGameAndItLeavesTheLobbyForEveryone() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await alice.createGame(side: .x)
            let bobLive = try await bob.connect(following: [.lobby])
            _ = try await bobLive.updates { if case .snapshot(.lobby, _, _) = $0 { true } else { false } }
            let aliceLive = try await alice.goOnline()
            let gameTopic = try await alice.connect(following: [.game(game.id)])
            _ = try await gameTopic.updates { if case .snapshot(.game, _, _) = $0 { true } else { false } }
            #expect(await refusal { try await bob.cancel(game.id) } == .notAPlayer)

            let cancelled = try await alice.cancel(game.id)
            #expect(cancelled.phase == .finished && cancelled.result == GameResult(winner: nil, reason: .cancelled, line: nil))
            let heard = try await bobLive.event(on: .lobby) { $0.kind == .gameFinished }
            #expect(heard.game?.id == game.id && heard.game?.result?.reason == .cancelled)
            let told = try await aliceLive.event(on: try await alice.inboxTopic()) { $0.kind == .gameFinished }
            #expect(told.game?.result?.reason == .cancelled)
            _ = try await gameTopic.event(on: .game(game.id)) { $0.kind == .gameFinished }
            #expect(try await bob.openGames().games.isEmpty)
            #expect(await refusal { try await bob.join(game.id) } == .gameNotFound)

            let started = try await bob.join(try await alice.createGame(side: .o).id)
            #expect(await refusal { try await alice.cancel(started.id) } == .gameStarted)
            await bobLive.close()
            await aliceLive.close()
            await gameTopic.close()
        }
    }

    @Test func theLobbyTopicTellsOfGamesOpenedJoinedAndFinished() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let live = try await bob.connect(following: [.lobby])
            let first = try await live.updates { if case .snapshot = $0 { true } else { false } }
            guard case .snapshot(_, _, let snapshot) = first.last else { return }
            #expect(snapshot.open == [] && snapshot.live == [])

            let game = try await alice.createGame(side: .x)
            _ = try await alice.createGame(side: .x, listed: false)
            _ = try await bob.join(game.id)
            _ = try await alice.resign(game.id)
            let events = try await live.events(until: .gameFinished, on: .lobby).events(on: .lobby)
            #expect(events.map(\.event.kind) == [.gameOpened, .playerJoined, .gameFinished], "the private game is not told")
            #expect(events.allSatisfy { $0.event.game?.id == game.id })
            await live.close()
        }
    }

    @Test func theCreatorIsToldInTheirInboxOfTheNewGameWhoJoinedAndWhenItIsTheirTurn() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceID = try await alice.me().id
            let inbox = try await alice.connect(following: [.user(aliceID)])
            _ = try await inbox.updates { if case .snapshot = $0 { true } else { false } }
            var game = try await alice.createGame(side: .o)
            game = try await bob.join(game.id)
            game = try await bob.move(4, in: game)
            let told = try await inbox.events(until: .yourTurn, on: .user(aliceID)).events(on: .user(aliceID))
            #expect(told.map(\.event.kind) == [.gameOpened, .playerJoined, .yourTurn])
            #expect(told.last?.event.game?.turn == .o)
            await inbox.close()
        }
    }
}
