import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

/// A player's bot: a new account its owner turns into a bot for good, which plays through
/// the streams with a `bot` token, on the boards it said, and is never offered Play random.
@Suite("A player's bot")
struct PlayerBotTests {
    @Test func aNewAccountBecomesABotThatIsChallengedOnlyOnItsBoardsAndPlaysThroughItsToken() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), owner = try await server.player("ziggy")
            let url = URL(string: server.baseURL)!
            let botToken = try await owner.createAccessToken(named: "ziggy's program", scopes: [.bot], expiresInDays: 30)
            let program = Bot(client: OXOClient(baseURL: url, token: botToken.token))
            let readOnly = try await owner.createAccessToken(named: "reader", scopes: [.read], expiresInDays: 30)
            #expect(await refusal { try await OXOClient(baseURL: url, token: readOnly.token).becomeBot() } == .insufficientScope)

            let view = try await program.client.becomeBot(playing: [.fourInARow])
            #expect(view.bot && view.username == "ziggy")
            #expect(try await alice.profile(of: view.id).player.bot, "marked as a bot where others see it")
            #expect(try await program.client.becomeBot(playing: [.fourInARow]).bot, "asking again changes nothing")
            #expect(await refusal { try await program.client.playRandom(timeControl: .clock(minutes: 3, increment: 2), variant: .fourInARow) }
                    == .notForBots)

            var happenings = program.happenings().makeAsyncIterator()
            while try await !alice.onlinePlayers().players.contains(where: { $0.player.id == view.id }) {
                try await Task.sleep(for: .milliseconds(20))
            }
            let clock = TimeControl.clock(minutes: 3, increment: 2)
            #expect(await refusal { try await alice.challenge(view.id, timeControl: clock, variant: .classic) } == .notForBots)
            _ = try await alice.challenge(view.id, side: .x, timeControl: clock, variant: .fourInARow)
            guard case .challenged(let challenge)? = try await happenings.next() else { throw Self.missing }
            _ = try await program.client.accept(challenge.id)
            guard case .playing(let game)? = try await happenings.next() else { throw Self.missing }
            #expect(game.variant == .fourInARow && game.o?.player?.bot == true)
            let played = try await alice.move(5, in: game)
            var answered: GameView?
            for try await state in program.states(of: game.id) where state.turn == .o {
                answered = try await program.client.move(game: game.id, cell: 0, moveNumber: state.moves.count + 1)
                break
            }
            #expect(answered?.moves.map(\.cell) == [5, 0] && played.moves.count == 1, "the bot's token plays as the bot")
        }
    }

    @Test func anAccountThatHasPlayedOrIsAGuestStaysAPerson() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            _ = try await bob.join(try await alice.createGame(side: .x).id)
            #expect(await refusal { try await alice.becomeBot() } == .hasPlayedGames)
            #expect(try await alice.me().bot == false)
            let guest = try await OXOClient.playAsGuest(at: URL(string: server.baseURL)!)
            #expect(await refusal { try await guest.becomeBot() } == .forbidden)
        }
    }

    @Test func aBotIsRefusedGamesPastItsLimit() async throws {
        try await withServer(adjust: { $0.botGamesAtOnce = 1 }) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), owner = try await server.player("ziggy")
            let bot = try await owner.becomeBot()
            let online = Bot(client: owner).happenings().makeAsyncIterator()
            while try await !alice.onlinePlayers().players.contains(where: { $0.player.id == bot.id }) {
                try await Task.sleep(for: .milliseconds(20))
            }
            let clock = TimeControl.clock(minutes: 3, increment: 2)
            let first = try await alice.challenge(bot.id, timeControl: clock), second = try await bob.challenge(bot.id, timeControl: clock)
            #expect(try await owner.accept(first.id).game != nil)
            #expect(await refusal { try await owner.accept(second.id) } == .rateLimited, "one live game is its most")
            _ = online
        }
    }

    static let missing = APIError(.internalError, "the account's stream ended early")
}
