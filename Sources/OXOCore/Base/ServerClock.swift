import Foundation
import NIOConcurrencyHelpers

/// The one source of the current time in the server, and of its timers, so that expiry
/// and timers can be tested by moving a clock rather than by waiting.
public struct ServerClock: Sendable {
    private let read: @Sendable () -> Date
    private let pause: @Sendable (Date) async throws -> Void

    public init(_ read: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Date) async throws -> Void) {
        self.read = read
        pause = sleep
    }

    public var now: Date { read() }

    /// Returns once this clock has reached `deadline`, at once if it already has; throws
    /// when the task is cancelled. A deadline rather than an interval, so that a timer that
    /// reaches its sleep late (a busy machine) does not sleep past a moment already passed.
    public func sleep(until deadline: Date) async throws {
        try await pause(deadline)
    }

    public static let system = ServerClock({ Date() }, sleep: { deadline in
        try await Task.sleep(for: .seconds(max(0, deadline.timeIntervalSinceNow)))
    })
}

/// A clock that stands still until a test moves it; its sleepers wake when it passes
/// their deadline.
public final class ManualClock: Sendable {
    private struct Sleeper {
        let deadline: Date
        let wake: CheckedContinuation<Void, any Error>
    }

    private let state: NIOLockedValueBox<(now: Date, sleepers: [UUID: Sleeper])>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = NIOLockedValueBox((start, [:]))
    }

    public func advance(by interval: TimeInterval) {
        let due = state.withLockedValue { state in
            state.now += interval
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return Array(due.values)
        }
        for sleeper in due { sleeper.wake.resume() }
    }

    public var clock: ServerClock {
        ServerClock({ [state] in state.withLockedValue { $0.now } }, sleep: { [self] in try await self.sleep(until: $0) })
    }

    private func sleep(until deadline: Date) async throws {
        let id = UUID.random()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLockedValue { state in
                    guard !Task.isCancelled else { return .failure(CancellationError()) }
                    guard deadline > state.now else { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, wake: wake)
                    return nil
                }
                if let outcome { wake.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLockedValue { $0.sleepers.removeValue(forKey: id) }
            sleeper?.wake.resume(throwing: CancellationError())
        }
    }
}
