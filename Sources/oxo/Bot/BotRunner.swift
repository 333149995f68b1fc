import Foundation
import OXOClient
import OXOProtocol
import TicTacToe

/// A computer player online, through the API's streams of JSON lines (`Bot`): its
/// account's stream keeps it online and brings the challenges and games its settings
/// allow (and, when asked to, Play random's), each game is played from its own stream,
/// and Ctrl-C winds it down.
///
/// Everything it does follows a line the server sent, and `Bot` opens a stream again
/// from its last number after a dropped connection or a server restart, so the bot
/// carries on by itself.
@MainActor
final class BotRunner {
    private let bot: Bot
    private let settings: BotSettings
    /// The games being played, each by its own task.
    private var games: [GameID: Task<Void, Never>] = [:]
    private var finished: Set<GameID> = []
    /// Accepted or paired, not yet seen started: counted so that it never takes more than it may.
    private var promised: Set<GameID> = []
    private var answering = 0
    private var answered: Set<ChallengeID> = []
    private var askingForRandom = false
    private var isStopping = false
    private var listening: Task<Void, any Error>?
    private var record = BotRecord()
    private var generator = SystemRandomNumberGenerator()

    init(client: OXOClient, settings: BotSettings) {
        bot = Bot(client: client)
        self.settings = settings
    }

    private var client: OXOClient { bot.client }

    /// Everything the bot still has to finish before it stops.
    private var inHand: Int { games.count + promised.count + answering }

    func run() async throws {
        let me = try await client.me()
        say("\(me.username) is online, playing \(settings.level.rawValue), up to \(settings.maximumGames) at once.")
        let interrupts = Task { for await _ in signals(SIGINT) { self.interrupt() } }
        // Play random forgets a player whose connection dropped: asked again now and then
        // (asking while waiting changes nothing).
        let reminders = Task {
            while !Task.isCancelled {
                self.askForRandom()
                try? await Task.sleep(for: .seconds(10))
            }
        }
        let listening = Task {
            for try await happening in bot.happenings() {
                handle(happening)
                if isStopping, inHand == 0 { break }
            }
        }
        self.listening = listening
        let ended = await listening.result
        interrupts.cancel()
        reminders.cancel()
        for game in games.values { await game.value }
        say("Stopped. \(record)")
        if case .failure(let error) = ended, !(error is CancellationError) { throw error }
    }

    private func handle(_ happening: Bot.Happening) {
        switch happening {
        case .challenged(let challenge):
            answer(challenge)
        case .playing(let game):
            start(game)
        case .finished(let game):
            promised.remove(game.id)
            askForRandom()
        }
    }

    private func start(_ game: GameView) {
        promised.remove(game.id)
        guard games[game.id] == nil, !finished.contains(game.id) else { return }
        games[game.id] = Task {
            await self.play(game.id)
            self.finished.insert(game.id)
            self.games[game.id] = nil
            if self.isStopping, self.inHand == 0 { self.listening?.cancel() }
            self.askForRandom()
        }
    }

    private func answer(_ challenge: Challenge) {
        guard !answered.contains(challenge.id) else { return }
        answered.insert(challenge.id)
        let accepts = !isStopping && inHand < settings.maximumGames && settings.plays(challenge.variant ?? .classic)
        if accepts { answering += 1 }
        Task {
            do {
                let answer = accepts ? try await client.accept(challenge.id) : try await client.decline(challenge.id)
                if let game = answer.game, games[game] == nil, !finished.contains(game) { promised.insert(game) }
                say("\(accepts ? "Accepted" : "Declined") a challenge from \(challenge.challenger.username).")
            } catch {
                // Still waiting (the server was away, say): the stream brings it again.
                answered.remove(challenge.id)
                say("Could not answer \(challenge.challenger.username)'s challenge: \(error)")
            }
            if accepts { answering -= 1 }
        }
    }

    private func askForRandom() {
        guard settings.joinsRandom, !isStopping, !askingForRandom, inHand < settings.maximumGames else { return }
        askingForRandom = true
        Task {
            // A bot plays only games with a clock (the server holds it to that): 3+2 here.
            let variant = settings.variants.first ?? .classic
            if let game = try? await client.playRandom(timeControl: .clock(minutes: 3, increment: 2), variant: variant).game,
               games[game.id] == nil, !finished.contains(game.id) {
                promised.insert(game.id)
            }
            askingForRandom = false
        }
    }

    /// Plays one game to its end from its stream, answering each turn after the delay.
    private func play(_ id: GameID) async {
        var last: GameView?
        do {
            for try await game in bot.states(of: id) {
                last = game
                let mark = Self.mark(of: await client.user?.id, in: game)
                guard game.phase == .live, game.turn == mark, let cell = move(in: game) else { continue }
                if settings.delay > .zero { try? await Task.sleep(for: settings.delay) }
                do {
                    _ = try await client.move(game: id, cell: cell, moveNumber: game.moves.count + 1)
                } catch {
                    // The game moved on meanwhile; its next line brings the next try.
                    say("Move \(cell) refused: \(error)")
                }
            }
        } catch {
            say("Stopped following a game: \(error)")
        }
        guard let game = last, game.phase == .finished else { return }
        let mine = Self.mark(of: await client.user?.id, in: game)
        let verdict = BotRecord.verdict(of: game, as: mine)
        record.count(verdict)
        let opponent = mine == .x ? game.o?.player : game.x?.player
        say("\(verdict.rawValue) against \(opponent?.username ?? "?"). \(record)")
    }

    private static func mark(of user: UserID?, in game: GameView) -> Mark? {
        if game.x?.player?.id == user { return .x }
        if game.o?.player?.id == user { return .o }
        return nil
    }

    private func move(in game: GameView) -> Int? {
        guard let position = try? VariantGame(game.variant, moves: game.moves.map(\.cell)) else { return nil }
        return ComputerPlayer(level: settings.level).move(in: position, using: &generator)
    }

    /// The first Ctrl-C stops new games and leaves the finishing time; the second resigns.
    private func interrupt() {
        guard !isStopping else { return resignAll() }
        isStopping = true
        say("Stopping: no new games; \(games.count) to finish.")
        if inHand == 0 { listening?.cancel() }
        Task {
            if settings.joinsRandom { _ = try? await client.leaveMatchmaking() }
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
        if games.isEmpty { listening?.cancel() }
    }

    /// A line for whoever runs the bot, at once even when the output is a pipe or a file.
    private func say(_ line: String) {
        StandardOutput().write(line + "\n")
    }
}
