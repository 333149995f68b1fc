import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

@Suite("LobbyModel follows a real server")
@MainActor
struct LobbyModelTests {
    @Test func openAndLiveGamesPlayersChallengesAndPlayRandomFollowTheServer() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let alice = try await signUp("alice", on: server)
        let bob = try await signUp("bob", on: server)
        let aliceLobby = await LobbyModel(on: alice)
        let bobLobby = await LobbyModel(on: bob)
        await eventually("each to see the other online") {
            aliceLobby.others.map(\.player.username) == ["bob"] && bobLobby.others.map(\.player.username) == ["alice"]
        }

        let created = try await bobLobby.createGame(side: .o).get()
        await eventually("bob's game in both lobbies") {
            aliceLobby.openGames.map(\.id) == [created.id] && bobLobby.myGames.map(\.id) == [created.id]
        }
        _ = try await aliceLobby.join(created.code).get()
        await eventually("the game to move from open to live") {
            aliceLobby.openGames.isEmpty && aliceLobby.liveGames.map(\.id) == [created.id]
                && aliceLobby.myGames.first?.phase == .live
        }
        let missing = await aliceLobby.join("ZZZZZZ")
        #expect(missing.failure?.code == .gameNotFound)
        #expect(aliceLobby.refusal == missing.failure)
        try await alice.client.resign(created.id)
        await eventually("the resigned game to leave the lists") {
            aliceLobby.liveGames.isEmpty && aliceLobby.myGames.isEmpty && bobLobby.myGames.isEmpty
        }

        let asked = try await aliceLobby.challenge(bob.me.id, side: .x).get()
        #expect(aliceLobby.refusal == nil, "an action that succeeds clears the last refusal")
        await eventually("the challenge made and received") {
            bobLobby.challengesReceived.map(\.id) == [asked.id] && aliceLobby.challengesMade.map(\.id) == [asked.id]
        }
        let accepted = try await bobLobby.accept(asked.id).get()
        await eventually("the accepted challenge's game to start for both") {
            aliceLobby.startedGame?.id == accepted.game && bobLobby.startedGame?.id == accepted.game
                && bobLobby.challengesReceived.isEmpty && aliceLobby.challengesMade.isEmpty
        }
        try await bob.client.resign(try #require(accepted.game))

        let bullet = TimeControl.clock(minutes: 1, increment: 0)
        let waiting = try await aliceLobby.playRandom(timeControl: bullet).get()
        #expect(waiting.state == .waiting && waiting.timeControl == bullet)
        await eventually("bob to see alice waiting") {
            aliceLobby.isWaitingForRandom && bobLobby.others.first?.status == .waiting
        }
        #expect(try await bobLobby.playRandom().get().state == .waiting, "a casual game is not what alice waits for")
        let matched = try await bobLobby.playRandom(timeControl: bullet).get()
        #expect(matched.state == .matched)
        await eventually("the random pairing to start for both, with its clock") {
            !aliceLobby.isWaitingForRandom && aliceLobby.startedGame?.id == matched.game?.id
                && bobLobby.startedGame?.id == matched.game?.id && aliceLobby.startedGame?.timeControl == bullet
        }
        await alice.close()
        await bob.close()
    }
}
