import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

@Suite("GameModel follows a real server")
@MainActor
struct GameModelTests {
    @Test func twoPlayersAndAWatcherFollowAGameToAWinWithChatSeriesAndRematch() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let (created, alice, bob, carol) = try await gameOfAliceAndBobWatchedByCarol(on: server)
        let (aliceGame, bobGame, carolGame) = await (GameModel(created.id, on: alice), GameModel(created.id, on: bob),
                                                     GameModel(created.id, on: carol))
        // As a person would, Bob joins the game once his screen shows it.
        await eventually("the game to reach every model") { [aliceGame, bobGame, carolGame].allSatisfy { $0.game != nil } }
        try await bobGame.join().get()
        await eventually("two players and one watcher") {
            aliceGame.isMyTurn && bobGame.myMark == .o && carolGame.myMark == nil
                && aliceGame.game?.watchers == 1 && aliceGame.opponent?.username == "bob"
        }

        let early = await bobGame.play(cell("a1"))
        #expect(early.failure?.code == .notYourTurn)
        #expect(bobGame.refusal?.code == .notYourTurn)
        try await play("a1", in: aliceGame, seenBy: [bobGame, carolGame])
        let taken = await bobGame.play(cell("a1"))
        #expect(taken.failure?.code == .cellOccupied)
        try await play("b1", in: bobGame, seenBy: [aliceGame, carolGame])
        #expect(bobGame.refusal == nil)

        try await aliceGame.say("good luck").get()
        try await carolGame.say("go alice").get()
        await eventually("each room's messages where they belong") {
            bobGame.messages(in: .players(created.id)).map(\.text) == ["good luck"]
                && aliceGame.messages(in: .watchers(created.id)).map(\.text) == ["go alice"]
                && carolGame.chatRooms == [.watchers(created.id)]
        }

        try await play("b2", in: aliceGame, seenBy: [bobGame, carolGame])
        try await play("c1", in: bobGame, seenBy: [aliceGame, carolGame])
        try await play("c3", in: aliceGame, seenBy: [])
        await eventually("everyone to see X win on the same board") {
            [aliceGame, bobGame, carolGame].allSatisfy { $0.isFinished && $0.winner == .x && $0.board == aliceGame.board }
                && aliceGame.board.description == "XOO.X...X"
        }
        await eventually("the series with the result") {
            aliceGame.series?.wins == 1 && bobGame.series?.losses == 1
        }

        try await aliceGame.offerRematch().get()
        await eventually("bob to see the offer") { bobGame.rematchOffers == [.x] }
        try await bobGame.offerRematch().get()
        await eventually("the rematch for everyone") {
            aliceGame.rematchGame != nil && bobGame.rematchGame == aliceGame.rematchGame
                && carolGame.rematchGame == aliceGame.rematchGame
        }
        for live in [alice, bob, carol] { await live.close() }
    }

    @Test func anOpponentWhoLeavesIsShownAwayWithTheTimeToClaimUntilTheyReturn() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let alice = try await signUp("alice", on: server)
        var bob = try await signUp("bob", on: server)
        let created = try await alice.client.createGame(side: .x)
        let aliceGame = await GameModel(created.id, on: alice)
        try await bob.client.join(created.id)
        _ = await GameModel(created.id, on: bob)
        await eventually("the game to start") { aliceGame.game?.phase == .live }

        await bob.close()
        await eventually("bob away, with a countdown") {
            aliceGame.opponentAway?.mark == .o && (aliceGame.claimCountdown() ?? 0) > 0
        }
        let early = await aliceGame.claimWin()
        #expect(early.failure?.code == .claimTooEarly)

        bob = try await LiveSession.start(bob.client, options: quickReconnects)
        let bobAgain = await GameModel(created.id, on: bob)
        await eventually("bob back") { aliceGame.opponentAway == nil && bobAgain.myMark == .o }
        await alice.close()
        await bob.close()
    }

    @Test func playersAndAWatcherCarryOnThroughAServerRestartMidGame() async throws {
        var server = try await ServeProcess()
        defer { server.stop() }
        let (created, alice, bob, carol) = try await gameOfAliceAndBobWatchedByCarol(on: server)
        let (aliceGame, bobGame, carolGame) = await (GameModel(created.id, on: alice), GameModel(created.id, on: bob),
                                                     GameModel(created.id, on: carol))
        // As a person would, Bob joins the game once his screen shows it.
        await eventually("the game to reach every model") { [aliceGame, bobGame, carolGame].allSatisfy { $0.game != nil } }
        try await bobGame.join().get()
        try await play("a1", in: aliceGame, seenBy: [bobGame, carolGame])
        try await play("b1", in: bobGame, seenBy: [aliceGame, carolGame])

        server.kill()
        await eventually("every connection to notice") { !alice.isConnected && !bob.isConnected && !carol.isConnected }
        #expect(aliceGame.game?.moves.count == 2, "what was shown stays while the server is gone")
        server = try await ServeProcess(folder: server.folder, port: server.port)
        // A move the models did not make, perhaps before they are back: they must catch up with it.
        try await alice.client.move(game: created.id, cell: 4, moveNumber: 3)
        await eventually("everyone back, with the move made meanwhile") {
            [alice, bob, carol].allSatisfy(\.isConnected)
                && [aliceGame, bobGame, carolGame].allSatisfy { $0.game?.moves.count == 3 }
        }
        try await play("c1", in: bobGame, seenBy: [aliceGame, carolGame])
        try await play("c3", in: aliceGame, seenBy: [])
        let stored = try await carol.client.game(created.id)
        await eventually("everyone to see the game the server stored") {
            [aliceGame, bobGame, carolGame].allSatisfy { $0.game?.moves == stored.moves && $0.winner == .x }
        }
        for live in [alice, bob, carol] { await live.close() }
    }

    private func cell(_ name: String) -> Cell { Cell(name)! }

    /// Alice's open game as X, with bob to join it as O and carol to watch it.
    private func gameOfAliceAndBobWatchedByCarol(on server: ServeProcess) async throws
        -> (GameView, alice: LiveSession, bob: LiveSession, carol: LiveSession) {
        let alice = try await signUp("alice", on: server)
        let bob = try await signUp("bob", on: server)
        let carol = try await signUp("carol", on: server)
        return (try await alice.client.createGame(side: .x), alice, bob, carol)
    }

    /// Plays a move and waits until the other models show it.
    private func play(_ name: String, in model: GameModel, seenBy others: [GameModel]) async throws {
        let moves = (model.game?.moves.count ?? 0) + 1
        try await model.play(cell(name)).get()
        await eventually("\(name) seen by all") { ([model] + others).allSatisfy { ($0.game?.moves.count ?? 0) >= moves } }
    }
}
