import Foundation
import NIOConcurrencyHelpers

/// Wakes a background sender of this process (Mail's, Push's) when a change has queued
/// something for it, so that it leaves at once rather than at the sender's next look at
/// its outbox. A ring while the sender is busy is kept and ends its next wait at once.
package final class Doorbell: Sendable {
    private let state = NIOLockedValueBox<(rung: Bool, sleeper: Task<Void, any Error>?)>((false, nil))

    package init() {}

    package func ring() {
        state.withLockedValue { state in
            state.rung = true
            state.sleeper?.cancel()
        }
    }

    /// Returns when `clock` reaches `deadline`, when rung, or when the task is cancelled.
    package func wait(until deadline: Date, on clock: ServerClock) async {
        let sleeper = Task { try await clock.sleep(until: deadline) }
        let rungBefore = state.withLockedValue { state -> Bool in
            if state.rung { return true }
            state.sleeper = sleeper
            return false
        }
        if rungBefore { sleeper.cancel() }
        _ = await withTaskCancellationHandler { await sleeper.result } onCancel: { sleeper.cancel() }
        // Cleared before the sender looks at the outbox again, so a ring after this finds
        // the sender about to look, or keeps it for the next wait.
        state.withLockedValue { state in
            state.rung = false
            state.sleeper = nil
        }
    }
}
