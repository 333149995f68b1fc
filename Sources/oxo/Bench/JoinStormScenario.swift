import Foundation
import NIOConcurrencyHelpers
import NIOCore
import OXOClient
import OXOProtocol

/// `oxo bench join-storm`: a host opens a listed game and `joiners` clients, their HTTP
/// connections already open, all ask to join it at the same instant; `rounds` times.
/// Exactly one must be seated and every other one told `seat_taken`. Reports how long
/// the server took to decide (until the winner's answer) and to answer everyone.
struct JoinStormScenario {
    let joiners: Int
    let rounds: Int

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let users = try await target.register(joiners + 1, progress: progress)
        let host = users[0], crowd = Array(users.dropFirst())
        // Warm the connection pool: one connection per joiner, so no join waits for one.
        _ = try await inParallel(crowd.count, concurrency: crowd.count) { try await crowd[$0].client.me() }

        let errors = ErrorTally()
        let answers = LatencyRecorder("join answer")
        let decided = LatencyRecorder("seat decided")
        let everyone = LatencyRecorder("all answered")
        var roundsWithOneSeated = 0
        let window = MeasuredWindow(target: target)
        let finishedRounds = Counter()
        progress.start { _ in "round \(finishedRounds.value) of \(rounds), \(errors.total) errors" }
        for _ in 0..<rounds {
            let game = try await host.client.createGame(side: .x, listed: true)
            let gate = StartingGate(count: crowd.count)
            let outcomes = await withTaskGroup(of: (Bool, UInt64).self) { group in
                for joiner in crowd {
                    group.addTask {
                        let start = await gate.arrive()
                        let seated: Bool
                        do {
                            try await joiner.client.join(game.id)
                            seated = true
                        } catch let error as APIError where error.code == .seatTaken {
                            seated = false
                        } catch {
                            errors.record("joining: \(GamesScenario.describe(error))")
                            seated = false
                        }
                        return (seated, NIODeadline.now().uptimeNanoseconds - start.uptimeNanoseconds)
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for (_, nanoseconds) in outcomes { answers.record(nanoseconds: nanoseconds) }
            everyone.record(nanoseconds: outcomes.map(\.1).max() ?? 0)
            let winners = outcomes.filter(\.0)
            if let winner = winners.first { decided.record(nanoseconds: winner.1) }
            let seats = try await host.client.game(game.id)
            if winners.count == 1, seats.o?.player != nil, seats.phase == .live {
                roundsWithOneSeated += 1
            }
            finishedRounds.add(1)
        }
        let cpu = window.cpuFigures()
        progress.stop()

        return BenchReport(
            scenario: .joinStorm,
            title: "join-storm: \(joiners) clients join one game at once, \(rounds) times",
            target: target,
            figures: [
                .init("rounds", "rounds", Double(rounds)),
                .init("joiners", "joiners per round", Double(joiners)),
                .init("rounds_with_one_seated", "rounds with exactly one seated", Double(roundsWithOneSeated)),
            ] + cpu,
            latencies: [decided.summary(), everyone.summary(), answers.summary()],
            errors: errors,
            checks: [.init(name: "exactly one joiner seated in each of \(rounds) rounds (\(roundsWithOneSeated) were)",
                           passed: roundsWithOneSeated == rounds)])
    }
}

/// Holds tasks until all `count` have arrived, then lets them go at once and tells
/// each the instant of the release.
final class StartingGate: Sendable {
    private let count: Int
    private let waiting = NIOLockedValueBox<[CheckedContinuation<NIODeadline, Never>]>([])

    init(count: Int) {
        self.count = count
    }

    func arrive() async -> NIODeadline {
        await withCheckedContinuation { continuation in
            let everyone: [CheckedContinuation<NIODeadline, Never>] = waiting.withLockedValue { waiting in
                waiting.append(continuation)
                guard waiting.count == count else { return [] }
                defer { waiting = [] }
                return waiting
            }
            let instant = NIODeadline.now()
            for waiter in everyone { waiter.resume(returning: instant) }
        }
    }
}
