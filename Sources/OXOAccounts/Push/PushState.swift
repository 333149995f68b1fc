import Logging
import NIOConcurrencyHelpers
import OXOCore

/// What Push keeps for the application's lifetime: the doorbell a change that queued a
/// push rings, the VAPID key once read, and the logger the sender was started with (a
/// change that drops pushes from a full queue says so there).
package final class PushState: Sendable, ContextKey {
    let doorbell = Doorbell()
    let vapid = NIOLockedValueBox<VAPID?>(nil)
    let logger = NIOLockedValueBox(Logger(label: "oxo.push"))

    package static func make(_ configuration: ServerConfiguration) -> PushState { PushState() }
}
