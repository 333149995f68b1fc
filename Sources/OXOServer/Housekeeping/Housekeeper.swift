import Fluent
import Foundation
import Logging
import NIOConcurrencyHelpers
import OXOCore
import OXOPlay
import Vapor

/// The server's timer: every `housekeepingInterval` on the server's clock it confirms
/// this process's connections, then runs each job that is due. A job is claimed in the
/// database before it runs, so with several processes on one database each run of each
/// job happens in one of them only.
final class Housekeeper: Sendable {
    enum Job: String, CaseIterable, Sendable {
        /// Connections of processes that stopped without closing them.
        case staleConnections = "stale_connections"
        case expiredChallenges = "expired_challenges"
        /// Open games nobody joined.
        case expiredOpenGames = "expired_open_games"
        /// Live games a player left and did not come back to.
        case abandonedGames = "abandoned_games"
        /// Sessions unused past their idle lifetime.
        case oldRecords = "old_records"
        /// Guests' accounts a day old that never registered, unless online.
        case expiredGuests = "expired_guests"
        /// Notifications older than 30 days.
        case oldNotifications = "old_notifications"
        /// Requests' keys older than a day (`RequestKey`).
        case oldRequestKeys = "old_request_keys"
        /// Correspondence players with a quarter of their move's time left.
        case correspondenceReminders = "correspondence_reminders"
        /// Live games whose side to move ran out of time: run on the clock timer.
        case timeouts

        /// The jobs of the clock timer, which runs every `clockCheckInterval`.
        static let onClockTimer: [Job] = [.timeouts]
        static let onMainTimer = allCases.filter { !onClockTimer.contains($0) }
    }

    private let store: Store
    private let logger: Logger
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])
    private let runs = NIOLockedValueBox(0)
    private let clockRuns = NIOLockedValueBox(0)
    private let lastTournamentRun = NIOLockedValueBox<Date?>(nil)

    init(store: Store, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    private var context: ServerContext { store.context }

    func start() {
        let configuration = context.configuration
        let main = repeating(every: configuration.housekeepingInterval, counting: runs) { _ = await $0.runDue() }
        let clock = repeating(every: configuration.clockCheckInterval, counting: clockRuns) { await $0.runDueClocks() }
        // Standings are sent on the wall clock: a test clock that stands still holds the
        // tournaments' pairings, not what their pages show.
        let standings = repeating(every: 1, on: .system) { await $0.publishTournamentChanges() }
        tasks.withLockedValue { $0 = [main, clock, standings] }
    }

    /// A task that runs `work` every `interval` on `clock` (the server's unless told) until
    /// cancelled, counting its runs in `runs` for the tests that wait for one.
    private func repeating(every interval: TimeInterval, on clock: ServerClock? = nil, counting runs: NIOLockedValueBox<Int>? = nil,
                           _ work: @escaping @Sendable (Housekeeper) async -> Void) -> Task<Void, Never> {
        let clock = clock ?? context.clock
        // Each deadline is taken before the run it follows is counted: whoever moves the
        // clock after seeing a run (or after start) cannot move it past a deadline not yet set.
        let first = clock.now.addingTimeInterval(interval)
        return Task {
            var next = first
            while !Task.isCancelled {
                do { try await clock.sleep(until: next) } catch { return }
                await work(self)
                next = clock.now.addingTimeInterval(interval)
                runs?.withLockedValue { $0 += 1 }
            }
        }
    }

    func stop() async {
        let running = tasks.withLockedValue { tasks in defer { tasks = [] }; return tasks }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }

    /// How many times the timer has run so far; tests move the clock and wait for this to
    /// grow.
    var completedRuns: Int { runs.withLockedValue { $0 } }

    /// How many times the clock timer has run so far.
    var completedClockRuns: Int { clockRuns.withLockedValue { $0 } }

    /// Ends the games whose time ran out, in this process if it claims the job first.
    func runDueClocks() async {
        await runDueTournaments()
        do {
            guard try await store.reads.games.anyOutOfTime(at: context.clock.now) else { return }
            let interval = context.configuration.clockCheckInterval
            let due = try await store.change { try await $0.housekeeping.claimDue(Job.onClockTimer, every: interval) }
            for job in due {
                let settled = try await run(job)
                if settled > 0 { logger.info("housekeeping", metadata: [job.rawValue: "\(settled)"]) }
            }
        } catch {
            logger.error("clock timer failed", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// Pairs what is due in the tournaments, every `tournamentPairingInterval`: an arena's
    /// free players, a Swiss event's next round, a start or an end. Every process may run
    /// it; each tournament's change locks its row first, so one pairs and the others find
    /// nothing left (TournamentWrites).
    func runDueTournaments() async {
        let now = context.clock.now
        let interval = context.configuration.tournamentPairingInterval
        if Self.due(lastTournamentRun, every: interval, at: now) {
            do {
                let started = try await TournamentService(store: store).runDue()
                if started > 0 { logger.info("housekeeping", metadata: ["tournament_games": "\(started)"]) }
            } catch {
                logger.error("tournament pairing failed", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Standings to the tournaments' topics, batched: at most one event a second each.
    func publishTournamentChanges() async {
        do { _ = try await TournamentService(store: store).publishChanges() } catch {
            logger.error("tournament standings not sent", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// Whether `interval` has passed since `last`, which it then moves to `now`.
    private static func due(_ last: NIOLockedValueBox<Date?>, every interval: TimeInterval, at now: Date) -> Bool {
        last.withLockedValue { last in
            guard last.map({ now.timeIntervalSince($0) >= interval }) ?? true else { return false }
            last = now
            return true
        }
    }

    /// Runs the jobs that are due now, in this process; returns what each one did.
    @discardableResult
    func runDue() async -> [Job: Int] {
        var done: [Job: Int] = [:]
        do {
            try await PresenceService(store: store).confirmConnections()
            let interval = context.configuration.housekeepingInterval
            let due = try await store.change { try await $0.housekeeping.claimDue(Job.onMainTimer, every: interval) }
            for job in due {
                done[job] = try await run(job)
                ServerMetrics.housekeepingRan(job.rawValue)
            }
        } catch {
            logger.error("housekeeping failed", metadata: ["error": "\(String(reflecting: error))"])
        }
        let changes = done.filter { $0.value > 0 }
        if !changes.isEmpty {
            logger.info("housekeeping", metadata: Dictionary(uniqueKeysWithValues: changes.map { ($0.key.rawValue, "\($0.value)") }))
        }
        return done
    }

    private func run(_ job: Job) async throws -> Int {
        switch job {
        case .staleConnections:
            return try await PresenceService(store: store).clearStale()
        case .expiredChallenges:
            return try await store.change { try await $0.challenges.expireDue() }
        case .expiredOpenGames:
            return try await store.change { try await $0.games.expireOpenGames() }
        case .abandonedGames:
            return try await store.changeGames { try await $0.games.settleAbandoned() }
        case .oldRecords:
            let cutoff = context.clock.now.addingTimeInterval(-context.configuration.sessionIdleLifetime)
            return try await store.change { try await $0.sessions.delete(unusedSince: cutoff) }
        case .expiredGuests:
            let cutoff = context.clock.now.addingTimeInterval(-context.configuration.guestLifetime)
            return try await store.change { try await $0.accounts.removeGuests(madeBefore: cutoff, keeping: PresenceQueries.isOnline("users.id")) }
        case .oldNotifications:
            let cutoff = context.clock.now.addingTimeInterval(-context.configuration.notificationRetention)
            return try await store.change { try await $0.notifications.delete(before: cutoff) }
        case .oldRequestKeys:
            let cutoff = context.clock.now.addingTimeInterval(-RequestKey.lifetime)
            return try await store.change { try await $0.requestKeys.forget(before: cutoff) }
        case .correspondenceReminders:
            return try await store.change { try await $0.games.remindCorrespondents() }
        case .timeouts:
            return try await store.changeGames { try await $0.games.settleTimeouts() }
        }
    }
}

extension Application {
    private struct HousekeeperKey: StorageKey {
        typealias Value = Housekeeper
    }

    var housekeeper: Housekeeper {
        get { configured(HousekeeperKey.self) }
        set { storage[HousekeeperKey.self] = newValue }
    }
}
