import Foundation
import NIOConcurrencyHelpers
import OXOCore

/// Wakes this process's mail sender when a change has queued a mail, so that a mail leaves
/// at once rather than at the sender's next look. A ring while the sender is busy is kept
/// and ends its next wait at once.
package final class MailDoorbell: Sendable, ContextKey {
    private let state = NIOLockedValueBox<(rung: Bool, sleeper: Task<Void, any Error>?)>((false, nil))

    package static func make(_ configuration: ServerConfiguration) -> MailDoorbell { MailDoorbell() }

    func ring() {
        state.withLockedValue { state in
            state.rung = true
            state.sleeper?.cancel()
        }
    }

    /// Returns when `clock` reaches `deadline`, when rung, or when the task is cancelled.
    func wait(until deadline: Date, on clock: ServerClock) async {
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
