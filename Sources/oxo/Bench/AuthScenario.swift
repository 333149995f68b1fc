import Foundation
import NIOCore

/// `oxo bench auth`: `concurrency` clients sign up new accounts for `duration` seconds,
/// then log in to those accounts for as long. Both are bcrypt-bound by design, so the
/// figures are reported with the bcrypt cost that was used.
struct AuthScenario {
    let concurrency: Int
    let duration: Double
    /// The server's bcrypt cost, when the bench knows it.
    let bcryptCost: Int?

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let errors = ErrorTally()
        let run = BenchUser.runPrefix()
        let costText = bcryptCost.map { "bcrypt cost \($0)" } ?? "the server's bcrypt cost"

        progress.note("signing up for \(BenchReport.format(duration)) s, \(concurrency) at a time, \(costText)")
        let registrations = LatencyRecorder("registration")
        let signUp = await phase(registrations, progress: progress, target: target) { worker, attempt in
            let name = "\(run)\(worker)x\(attempt)"
            do {
                try await target.client().register(username: name, email: "\(name)@bench.example", password: BenchUser.password)
                return name
            } catch {
                errors.record("registering: \(GamesScenario.describe(error))")
                return nil
            }
        }

        let names = signUp.names
        guard !names.isEmpty else { throw NoAccounts() }
        progress.note("logging in for \(BenchReport.format(duration)) s to the \(names.count) new accounts")
        let logins = LatencyRecorder("login")
        let logIn = await phase(logins, progress: progress, target: target) { worker, attempt in
            let name = names[(worker + attempt * concurrency) % names.count]
            do {
                try await target.client().login(name, password: BenchUser.password)
                return name
            } catch {
                errors.record("logging in: \(GamesScenario.describe(error))")
                return nil
            }
        }

        var figures: [BenchReport.Figure] = [
            .init("registrations_per_second", "registrations per second", Double(registrations.count) / signUp.seconds),
            .init("logins_per_second", "logins per second", Double(logins.count) / logIn.seconds),
            .init("concurrency", "requests in flight", Double(concurrency)),
        ]
        if let bcryptCost { figures.append(.init("bcrypt_cost", "bcrypt cost", Double(bcryptCost))) }
        return BenchReport(
            scenario: .auth, title: "auth: sign-ups, then logins, \(concurrency) at a time, \(costText)",
            target: target, figures: figures + logIn.cpu, latencies: [registrations.summary(), logins.summary()],
            errors: errors)
    }

    /// Runs `request` on `concurrency` workers until `duration` has passed, timing each
    /// that succeeds (returns a name).
    private func phase(_ recorder: LatencyRecorder, progress: ProgressLine, target: BenchTarget,
                       _ request: @escaping @Sendable (Int, Int) async -> String?) async
        -> (names: [String], seconds: Double, cpu: [BenchReport.Figure])
    {
        let window = MeasuredWindow(target: target)
        let deadline = ContinuousClock.now + .seconds(duration)
        progress.start { _ in "\(recorder.count) \(recorder.name)s" }
        let names = await withTaskGroup(of: [String].self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var names: [String] = []
                    var attempt = 0
                    while ContinuousClock.now < deadline {
                        let start = NIODeadline.now()
                        if let name = await request(worker, attempt) {
                            recorder.record(since: start)
                            names.append(name)
                        }
                        attempt += 1
                    }
                    return names
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        progress.stop()
        return (names, window.elapsedSeconds, window.cpuFigures())
    }

    struct NoAccounts: Error, CustomStringConvertible {
        var description: String { "no account could be signed up, so there is nothing to log in to" }
    }
}
