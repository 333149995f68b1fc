import Foundation
import NIOConcurrencyHelpers
import NIOCore
import OXOClient
import OXOProtocol
import TicTacToe

/// `oxo bench games --api streams`: the games scenario played the way bots play through
/// the API: each player reads each game from its stream of JSON lines
/// (`GET /v1/games/{id}/stream`) and moves with `POST /v1/games/{id}/moves`. A move's
/// round trip runs from its POST to the line that brings it to the opponent.
struct StreamGamesScenario {
    let games: Int
    let duration: Double
    let think: ThinkTime
    var clock: BenchClock? = nil
    var variant: Variant = .classic

    /// How long games still going when the run ends may take to settle before they are cut.
    private let grace: Duration = .seconds(5)

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let users = try await target.register(2 * games, progress: progress)
        let run = GamesRun(think: think, follow: .game)
        progress.note("\(games) games over the streams for \(BenchReport.format(duration)) s")
        let window = MeasuredWindow(target: target)
        run.showProgress(on: progress)
        let players = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<games {
                    group.addTask { await play(x: users[2 * index], o: users[2 * index + 1], run: run) }
                }
            }
        }
        try? await Task.sleep(for: .seconds(duration))
        run.end()
        let cpu = window.cpuFigures()
        let seconds = window.elapsedSeconds
        let memory = target.serverMemory(), privateMemory = target.serverPrivateMemory()
        progress.stop()
        let cut = Task {
            try await Task.sleep(for: grace)
            players.cancel()
        }
        await players.value
        cut.cancel()

        let figures = run.figures(seconds: seconds, cpu: cpu, memory: memory, privateMemory: privateMemory)
        return BenchReport(
            scenario: .games, title: "games over the streams: \(BenchReport.format(Double(games))) games, two programs each" + think.description
                + (variant == .classic ? "" : ", \(variant.displayName)") + (clock?.description ?? ""),
            target: target, figures: figures, latencies: [run.latency.summary()], errors: run.errors,
            checks: [.init(name: "moves were made in the window (\(run.moves.value))", passed: run.moves.value > 0)])
    }

    /// Plays game after game at one table until the run ends.
    private func play(x: BenchUser, o: BenchUser, run: GamesRun) async {
        while !run.stopped, !Task.isCancelled {
            let game: GameView
            do {
                game = try await x.client.createGame(side: .x, listed: false, timeControl: clock?.control,
                                                     variant: variant == .classic ? nil : variant)
                _ = try await o.client.join(game.id)
            } catch {
                run.errors.record("creating or joining a game: \(GamesScenario.describe(error))")
                try? await Task.sleep(for: .milliseconds(100))
                continue
            }
            let moves = MovesInFlight()
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.follow(game.id, as: .x, user: x, moves: moves, run: run) }
                group.addTask { await self.follow(game.id, as: .o, user: o, moves: moves, run: run) }
            }
        }
    }

    /// One player's side of a game: reads its stream, ends the opponent's move's round trip
    /// when the move arrives, and answers it.
    private func follow(_ game: GameID, as mark: Mark, user: BenchUser, moves: MovesInFlight, run: GamesRun) async {
        do {
            for try await line in try await user.client.gameStream(game) {
                guard let view = Self.game(in: line) else { continue }
                if let sentAt = moves.arrived(view.moves.count, seenBy: mark), !run.stopped {
                    run.latency.record(since: sentAt)
                    run.moves.add(1)
                }
                if view.phase == .finished {
                    if mark == .x, !run.stopped { run.gamesFinished.add(1) }
                    return
                }
                guard view.phase == .live, view.turn == mark, !run.stopped,
                      let cell = (try? VariantGame(view.variant, moves: view.moves.map(\.cell)))?.legalMoves.randomElement()
                else { continue }
                let wait = run.think.draw()
                if wait > .zero { try? await Task.sleep(for: .nanoseconds(wait.nanoseconds)) }
                moves.sent(view.moves.count + 1, by: mark)
                _ = try await user.client.move(game: game, cell: cell, moveNumber: view.moves.count + 1)
            }
        } catch is CancellationError {
        } catch {
            if !run.stopped { run.errors.record("a stream or a move: \(GamesScenario.describe(error))") }
        }
    }

    private static func game(in line: ServerMessage) -> GameView? {
        switch line {
        case .snapshot(.game, _, .game(let view)): view
        case .event(.game, _, let event) where event.kind == .movePlayed || event.kind == .gameFinished: event.game
        default: nil
        }
    }
}

/// The move of one game on its way: its number, who made it and when it left.
private final class MovesInFlight: Sendable {
    private let inFlight = NIOLockedValueBox<(number: Int, mover: Mark, at: NIODeadline)?>(nil)

    func sent(_ number: Int, by mover: Mark) {
        inFlight.withLockedValue { $0 = (number, mover, .now()) }
    }

    /// When the move that makes `count` moves left, if it is the opponent's and still open.
    func arrived(_ count: Int, seenBy reader: Mark) -> NIODeadline? {
        inFlight.withLockedValue { move in
            guard let sent = move, sent.number == count, sent.mover != reader else { return nil }
            move = nil
            return sent.at
        }
    }
}
