import Foundation
import Observation
import OXOClient
import OXOProtocol
import TicTacToe

/// A computer player online: it keeps the account online through a live session, takes
/// the games its settings allow (challenges, and Play random when asked to), plays each
/// one through a `GameModel`, and winds down on Ctrl-C.
///
/// Everything it does follows a change the server sent, so after a server restart the
/// live session's reconnect is all it needs: the changes resume, and so does the bot.
@available(macOS 14.0, *)
@MainActor @Observable
final class BotRunner {
    @ObservationIgnored private let client: OXOClient
    @ObservationIgnored private let settings: BotSettings
    /// The games being played, each by its own task.
    private var games: [GameID: Task<Void, Never>] = [:]
    private var isStopping = false
    /// Accepted or paired, not yet seen among the bot's games: counted so that it never
    /// takes more than it may.
    @ObservationIgnored private var promised: Set<GameID> = []
    @ObservationIgnored private var answering = 0
    @ObservationIgnored private var answered: Set<ChallengeID> = []
    @ObservationIgnored private var finished: Set<GameID> = []
    @ObservationIgnored private var askingForRandom = false
    @ObservationIgnored private var record = BotRecord()
    @ObservationIgnored private var generator = SystemRandomNumberGenerator()

    init(client: OXOClient, settings: BotSettings) {
        self.client = client
        self.settings = settings
    }

    func run() async throws {
        let live = try await LiveSession.start(client)
        let lobby = await LobbyModel(on: live)
        say("\(live.me.username) is online, playing \(settings.level.rawValue), up to \(settings.maximumGames) at once.")
        let interrupts = Task { for await _ in signals(SIGINT) { self.interrupt(lobby) } }
        for await _ in changes(of: { self.readState(of: lobby) }) {
            guard !live.isEnded else { break }
            startGames(in: lobby)
            // A game accepted just before Ctrl-C may not have shown yet: it is played too.
            if isStopping, inHand == 0 { break }
            answerChallenges(in: lobby)
            askForRandom(in: lobby)
        }
        interrupts.cancel()
        say("Stopped. \(record)")
        await lobby.close()
        await live.close()
        if let ended = live.endedWith { throw ended }
    }

    /// Reads what the bot acts on, so that a change to any of it wakes it.
    private func readState(of lobby: LobbyModel) {
        _ = (lobby.challengesReceived, lobby.myGames, lobby.isWaitingForRandom, lobby.live.isConnected,
             lobby.live.isEnded, isStopping, games.count)
    }

    /// Everything the bot still has to finish before it stops.
    private var inHand: Int { games.count + promised.count + answering }

    /// The games that count against `--games`: a game counts until the inbox says it ended.
    /// Its own model may learn that later (after a reconnect each topic catches up on its
    /// own), and the inbox is also what brings the challenge: counting the game's task
    /// instead, the bot declined a challenge made just after a game it had in fact finished.
    private func load(in lobby: LobbyModel) -> Int {
        games.keys.count { id in lobby.myGames.contains { $0.id == id } } + promised.count + answering
    }

    private func startGames(in lobby: LobbyModel) {
        for game in lobby.myGames where game.phase == .live && games[game.id] == nil && !finished.contains(game.id) {
            promised.remove(game.id)
            games[game.id] = Task {
                await self.play(game.id, on: lobby.live)
                self.finished.insert(game.id)
                self.games[game.id] = nil
            }
        }
    }

    private func answerChallenges(in lobby: LobbyModel) {
        for challenge in lobby.challengesReceived where !answered.contains(challenge.id) {
            answered.insert(challenge.id)
            let accepts = !isStopping && load(in: lobby) < settings.maximumGames && settings.plays(challenge.variant ?? .classic)
            if accepts { answering += 1 }
            Task {
                let result: Result<Challenge, Refusal>
                if accepts {
                    result = await lobby.accept(challenge.id)
                    answering -= 1
                } else {
                    result = await lobby.decline(challenge.id)
                }
                switch result {
                case .success(let answer):
                    if let game = answer.game { promise(game) }
                    say("\(accepts ? "Accepted" : "Declined") a challenge from \(challenge.challenger.username).")
                case .failure(let refusal):
                    // Still waiting (the server was away, say): the next change tries again.
                    answered.remove(challenge.id)
                    say("Could not answer \(challenge.challenger.username)'s challenge: \(refusal)")
                }
            }
        }
    }

    /// Counts a game the server gave the bot until it shows among the bot's games, which
    /// may have happened already: the game's events and the answer race.
    private func promise(_ game: GameID) {
        guard games[game] == nil, !finished.contains(game) else { return }
        promised.insert(game)
    }

    private func askForRandom(in lobby: LobbyModel) {
        guard settings.joinsRandom, !isStopping, !askingForRandom, !lobby.isWaitingForRandom,
              load(in: lobby) < settings.maximumGames, lobby.live.isConnected else { return }
        askingForRandom = true
        Task {
            // A bot plays only games with a clock (the server holds it to that): 3+2 here.
            let variant = settings.variants.first ?? .classic
            if case .success(let status) = await lobby.playRandom(timeControl: .clock(minutes: 3, increment: 2), variant: variant),
               let game = status.game {
                promise(game.id)
            }
            askingForRandom = false
        }
    }

    /// Plays one game to its end, answering each turn after the delay.
    private func play(_ id: GameID, on live: LiveSession) async {
        let model = await GameModel(id, on: live, chat: false)
        for await _ in changes(of: { _ = (model.game, live.isConnected) }) {
            guard let game = model.game, !live.isEnded else { continue }
            if game.phase == .finished { break }
            guard model.isMyTurn, let cell = move(in: game) else { continue }
            if settings.delay > .zero { try? await Task.sleep(for: settings.delay) }
            if case .failure(let refusal) = await model.play(cell) {
                // The game moved on meanwhile; its next change brings the next try.
                say("Move \(cell) refused: \(refusal)")
            }
            if live.isEnded { break }
        }
        if let game = model.game, game.phase == .finished {
            let verdict = BotRecord.verdict(of: game, as: model.myMark)
            record.count(verdict)
            say("\(verdict.rawValue) against \(model.opponent?.username ?? "?"). \(record)")
        }
        await model.close()
    }

    private func move(in game: GameView) -> Int? {
        guard let position = try? VariantGame(game.variant, moves: game.moves.map(\.cell)) else { return nil }
        return ComputerPlayer(level: settings.level).move(in: position, using: &generator)
    }

    /// The first Ctrl-C stops new games and leaves the finishing time; the second resigns.
    private func interrupt(_ lobby: LobbyModel) {
        guard !isStopping else { return resignAll() }
        isStopping = true
        say("Stopping: no new games; \(games.count) to finish.")
        Task {
            if lobby.isWaitingForRandom { _ = await lobby.leaveRandom() }
            try? await Task.sleep(for: settings.finishWithin)
            resignAll()
        }
    }

    private func resignAll() {
        for id in Set(games.keys).union(promised) {
            Task { _ = try? await client.resign(id) }
        }
        // Resigned before it showed, a promised game never starts here: it no longer counts.
        promised.removeAll()
    }

    /// A line for whoever runs the bot, at once even when the output is a pipe or a file.
    private func say(_ line: String) {
        StandardOutput().write(line + "\n")
    }
}
