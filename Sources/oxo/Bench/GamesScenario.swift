import ArgumentParser
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import OXOProtocol
import TicTacToe

/// What the tables of one games run share: the tallies, and the moment it ends.
final class GamesRun: Sendable {
    let think: ThinkTime
    let follow: FollowedTopic
    let errors = ErrorTally()
    let latency = LatencyRecorder("move round trip")
    let moves = Counter()
    let gamesFinished = Counter()
    private let stop = NIOLockedValueBox(false)

    init(think: ThinkTime, follow: FollowedTopic) {
        self.think = think
        self.follow = follow
    }

    var stopped: Bool { stop.withLockedValue { $0 } }

    func end() { stop.withLockedValue { $0 = true } }

    /// The moves a second as the run goes, with the games finished and the errors.
    func showProgress(on progress: ProgressLine) {
        progress.startRate(of: moves, unit: "moves") { [self] in
            "\(BenchReport.format(Double(moves.value))) moves, "
                + "\(BenchReport.format(Double(gamesFinished.value))) games finished, \(errors.total) errors"
        }
    }

    /// What a games run reports, whichever way its players reached the server.
    func figures(seconds: Double, cpu: [BenchReport.Figure], memory: Int?, privateMemory: Int?) -> [BenchReport.Figure] {
        var figures: [BenchReport.Figure] = [
            .init("moves_per_second", "moves per second", Double(moves.value) / seconds),
            .init("moves", "moves", Double(moves.value)),
            .init("games_finished", "games finished", Double(gamesFinished.value)),
            .init("seconds", "measured for", seconds, "s"),
        ] + cpu
        if let memory { figures.append(.init("server_memory_mib", "server memory at the end", Double(memory) / 1_048_576, "MiB")) }
        if let privateMemory {
            figures.append(.init("server_private_memory_mib", "of it private (no mapped file)", Double(privateMemory) / 1_048_576, "MiB"))
        }
        return figures
    }
}

/// `oxo bench games`: `games` tables of two signed-in clients play whole games over
/// their sockets for `duration` seconds, each moving as soon as it is its turn (or
/// `think` after). With every game moving at once the load is closed: a move waits for
/// all the moves ahead of it, so the round trip is about games ÷ moves per second; a
/// think time offers a lighter load, at which the round trip shows the path itself. A table
/// creates each game (unlisted, so the lobby stays out of it) and joins it over REST;
/// the moves go over the socket, and each player learns it is their turn from its inbox.
struct GamesScenario {
    let games: Int
    let duration: Double
    let think: ThinkTime
    let follow: FollowedTopic
    let alongside: Misbehaviour?
    /// The clock every game is played with; casual games when nil.
    var clock: BenchClock? = nil
    /// The board every game is played on.
    var variant: Variant = .classic

    /// How long moves still in flight when the run ends may take to arrive before they
    /// count as lost.
    private let grace: Duration = .seconds(5)

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let users = try await target.register(2 * games + (alongside == nil ? 0 : 1), progress: progress)
        let sockets = try await target.sockets(for: users, followingInbox: follow == .inbox, progress: progress)
        let run = GamesRun(think: think, follow: follow)
        let tables = (0..<games).map { GameTable(x: sockets[2 * $0], o: sockets[2 * $0 + 1], run: run) }
        run.errors.recordCloses(of: sockets) { run.stopped }

        let misbehaving = alongside.map { MisbehavingClient($0, baseURL: target.baseURL, user: users[2 * games]) }
        misbehaving?.start()
        progress.note("\(games) games for \(BenchReport.format(duration)) s" + (alongside.map { ", alongside \($0.rawValue)" } ?? ""))
        let window = MeasuredWindow(target: target)
        run.showProgress(on: progress)
        let players = Task {
            await withTaskGroup(of: Void.self) { group in
                for (index, table) in tables.enumerated() {
                    group.addTask { await play(at: table, x: users[2 * index], o: users[2 * index + 1], run: run) }
                }
            }
        }
        try? await Task.sleep(for: .seconds(duration))
        run.end()
        misbehaving?.stop()
        let cpu = window.cpuFigures()
        let seconds = window.elapsedSeconds
        let memory = target.serverMemory(), privateMemory = target.serverPrivateMemory()
        progress.stop()

        // Tables finish as their last events arrive; a move whose event never comes is lost.
        let settled = Task { await players.value }
        let timeout = Task {
            try await Task.sleep(for: grace)
            for table in tables where table.end() { run.errors.record("a move whose event never arrived") }
        }
        await settled.value
        timeout.cancel()
        await closeAll(sockets)

        let figures = run.figures(seconds: seconds, cpu: cpu, memory: memory, privateMemory: privateMemory)
            + (misbehaving?.figures ?? [])
        return BenchReport(
            scenario: .games, title: "games: \(BenchReport.format(Double(games))) games, two clients each" + think.description
                + follow.description + (variant == .classic ? "" : ", \(variant.displayName)") + (clock?.description ?? "") + (alongside.map { ", alongside a client that misbehaves: \($0.rawValue)" } ?? ""),
            target: target, figures: figures, latencies: [run.latency.summary()], errors: run.errors,
            // A server too busy to finish one move in the window measured nothing.
            checks: [.init(name: "moves were made in the window (\(run.moves.value))", passed: run.moves.value > 0)])
    }

    /// Plays game after game at one table until the run ends.
    private func play(at table: GameTable, x: BenchUser, o: BenchUser, run: GamesRun) async {
        while !run.stopped {
            do {
                let game = try await x.client.createGame(side: .x, listed: false, timeControl: clock?.control,
                                                         variant: variant == .classic ? nil : variant)
                table.begin(game.id.description)
                if follow == .game { table.follow(.x) }
                try await o.client.join(game.id)
                if follow == .game { table.follow(.o) }
            } catch {
                run.errors.record("creating or joining a game: \(Self.describe(error))")
                table.end()
                try? await Task.sleep(for: .milliseconds(100))
                continue
            }
            // A game joined after the end is not played: its first move would not count.
            if run.stopped { table.end() } else { await table.waitUntilOver() }
        }
    }

    /// A short, stable description of a REST failure, so that errors group by kind.
    static func describe(_ error: any Error) -> String {
        if let apiError = error as? APIError { return apiError.code.rawValue }
        return String(describing: error).prefix(120).description
    }
}

/// Where a player learns that it is their turn.
enum FollowedTopic: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// The player's inbox (`your_turn`), as the web client does: one subscription for
    /// every game.
    case inbox
    /// Each game's own topic (`move_played`), subscribed to when the game begins and left
    /// when it ends, as a client that shows one game at a time might.
    case game

    /// For a report's title.
    var description: String { self == .game ? ", each following its game's topic" : "" }
}

/// How long a player waits before moving.
struct ThinkTime: Sendable, CustomStringConvertible {
    /// The average wait; zero moves at once.
    let mean: TimeAmount
    /// Waits drawn from an exponential distribution, as the gaps between people's moves
    /// are (`--pace`); otherwise from half to one and a half times the mean.
    let exponential: Bool

    /// One wait. Never the same everywhere: games started together would stay in step
    /// and move in bursts.
    func draw() -> TimeAmount {
        guard mean > .zero else { return .zero }
        let factor = exponential ? -log(Double.random(in: Double.ulpOfOne..<1)) : Double.random(in: 0.5..<1.5)
        return .nanoseconds(Int64(Double(mean.nanoseconds) * factor))
    }

    /// For a report's title.
    var description: String {
        guard mean > .zero else { return ", moving at once" }
        let average = BenchReport.format(Double(mean.nanoseconds) / 1e6)
        return exponential ? ", at human pace: a move every \(average) ms on average, exponential gaps"
            : ", moving after \(average) ms on average"
    }
}
