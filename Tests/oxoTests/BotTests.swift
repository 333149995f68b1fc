import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

/// `oxo bot` as its own process against a real `oxo serve`, challenged by a client of the SDK.
@Suite("oxo bot: a computer player online")
@MainActor
struct BotTests {
    static let adminToken = String(repeating: "t", count: 32)

    @Test func aPerfectBotAcceptsTwentyChallengesNeverLosesSurvivesARestartAndFinishesOnCtrlC() async throws {
        var server = try await ServeProcess(adminToken: Self.adminToken)
        defer { server.stop() }
        let password = try await makeBot("perfectbot", on: server)
        let bot = try RunningOXO(["bot", "--server", server.url, "--name", "perfectbot", "--level", "perfect", "--delay", "0"],
                                 environment: ["OXO_BOT_PASSWORD": password])
        let tester = try await signUp("tester", on: server)
        let lobby = await LobbyModel(on: tester)
        await eventually("the bot online") { lobby.others.contains { $0.player.username == "perfectbot" } }
        let botSummary = try #require(lobby.others.first { $0.player.username == "perfectbot" }).player
        #expect(botSummary.bot, "the online list marks it as a bot")
        let botID = botSummary.id
        var generator = SeededGenerator(seed: 29)

        var testerWins = 0
        for round in 1...20 {
            if round == 11 {
                // The bot's connection drops with the server and must come back by itself.
                server.kill()
                server = try await ServeProcess(folder: server.folder, port: server.port, adminToken: Self.adminToken)
            }
            let mark: Mark = round.isMultiple(of: 2) ? .o : .x
            let game = try await challengeAndStart(botID, playing: mark, in: lobby)
            await playToTheEnd(game, using: &generator)
            #expect(game.isFinished)
            if game.winner == mark { testerWins += 1 }
            await game.close()
        }
        #expect(testerWins == 0, "the perfect bot never loses")
        let rating = try await tester.client.profile().rating
        #expect(rating.value == 1500 && rating.deviation == 350, "games against a bot move no person's rating")

        // Ctrl-C in the middle of a game: the bot declines a new challenge but plays this one out.
        let last = try await challengeAndStart(botID, playing: .x, in: lobby)
        bot.signal(SIGINT)
        #expect(await bot.readUntil("Stopping: no new games") != nil)
        let declined = try await challengeUntilTaken(botID, playing: .o, in: lobby)
        await eventually("the new challenge declined") { !lobby.challengesMade.contains { $0.id == declined.id } }
        await playToTheEnd(last, using: &generator)
        #expect(last.game?.result?.reason != .resignation, "the game in hand is played out, not resigned")
        await last.close()
        await tester.close()
        let run = await bot.finish()
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("Declined a challenge from tester."), "\(run)")
        let record = try #require(run.output.split(separator: "\n").last { $0.hasPrefix("Stopped. Record: ") })
        let counts = record.split { !$0.isNumber }.compactMap { Int($0) }
        #expect(counts.count == 3 && counts[1] == 0 && counts.reduce(0, +) == 21, "won, lost, drawn: \(record)")
    }

    @Test func aBotOfOneVariantPlaysItsBoardAndDeclinesTheOthers() async throws {
        let server = try await ServeProcess(adminToken: Self.adminToken)
        defer { server.stop() }
        let password = try await makeBot("ultimatebot", on: server)
        let bot = try RunningOXO(["bot", "--server", server.url, "--name", "ultimatebot", "--level", "easy", "--delay", "0",
                                  "--variant", "ultimate"], environment: ["OXO_BOT_PASSWORD": password])
        let tester = try await signUp("tester", on: server)
        let lobby = await LobbyModel(on: tester)
        await eventually("the bot online") { lobby.others.contains { $0.player.username == "ultimatebot" } }
        let botID = try #require(lobby.others.first { $0.player.username == "ultimatebot" }).player.id

        let classic = try await challengeUntilTaken(botID, playing: .x, in: lobby)
        await eventually("the classic challenge declined") { !lobby.challengesMade.contains { $0.id == classic.id } }
        #expect(lobby.startedGame == nil)

        let game = try await challengeAndStart(botID, playing: .x, in: lobby, variant: .ultimate)
        var generator = SeededGenerator(seed: 5)
        await playToTheEnd(game, using: &generator)
        #expect(game.isFinished && game.variant == .ultimate && (game.game?.moves.count ?? 0) >= 17)
        await game.close()
        await tester.close()
        bot.signal(SIGINT)
        #expect(await bot.finish().status == 0)
    }

    /// Makes a bot's account as an operator does, and returns the password it printed.
    private func makeBot(_ name: String, on server: ServeProcess) async throws -> String {
        let made = try await OXOProcess.run(["admin", "bot", "create", name, "--url", server.url],
                                            environment: ["OXO_ADMIN_TOKEN": Self.adminToken])
        #expect(made.status == 0, "\(made)")
        let line = try #require(made.output.split(separator: "\n").first { $0.hasPrefix("OXO_BOT_PASSWORD=") })
        return String(line.dropFirst("OXO_BOT_PASSWORD=".count))
    }

    /// Challenges the bot and follows the game its acceptance starts.
    private func challengeAndStart(_ bot: UserID, playing mark: Mark, in lobby: LobbyModel,
                                   variant: Variant? = nil) async throws -> GameModel {
        let before = lobby.startedGame?.id
        _ = try await challengeUntilTaken(bot, playing: mark, in: lobby, variant: variant)
        await eventually("the bot to accept") { lobby.startedGame != nil && lobby.startedGame?.id != before }
        return await GameModel(try #require(lobby.startedGame).id, on: lobby.live, chat: false)
    }

    /// Makes a challenge, again while the server says the bot is offline (it may be
    /// reconnecting after a restart).
    private func challengeUntilTaken(_ bot: UserID, playing mark: Mark, in lobby: LobbyModel,
                                     variant: Variant? = nil) async throws -> Challenge {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            // A bot takes only games with a clock.
            let result = await lobby.challenge(bot, side: mark, timeControl: .clock(minutes: 5, increment: 0), variant: variant)
            if case .success(let challenge) = result { return challenge }
            guard ContinuousClock.now < deadline else { return try result.get() }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Plays random legal cells on the tester's turns until the game ends.
    private func playToTheEnd(_ game: GameModel, using generator: inout SeededGenerator) async {
        while !game.isFinished {
            await eventually("the tester's turn or the end") { game.isMyTurn || game.isFinished }
            guard game.isMyTurn, let moves = game.game?.moves.count,
                  let cell = game.legalCells.randomElement(using: &generator) else { continue }
            _ = await game.play(cell)
            await eventually("the move to be shown") { (game.game?.moves.count ?? 0) > moves || game.isFinished }
        }
    }
}
