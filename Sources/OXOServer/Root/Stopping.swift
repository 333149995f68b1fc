import NIOConcurrencyHelpers
import OXOCore
import OXOProtocol
import Vapor

/// Whether the process is stopping (after SIGTERM or SIGINT, `ServerRunner`). From then on
/// it is not ready, and it answers nothing new but "am I alive": a request that reaches it
/// on a connection opened before (new connections are refused once the listener closes)
/// gets `503 shutting_down` with `Retry-After`, without having been handled.
final class Stopping: Sendable {
    private let begun = NIOLockedValueBox(false)

    var hasBegun: Bool { begun.withLockedValue { $0 } }

    func begin() { begun.withLockedValue { $0 = true } }

    static let refusal = APIError(.shuttingDown, "This server is restarting; send the request again.")
}

/// Refuses every request but the liveness checks once the process is stopping.
struct RefusedWhileStopping: Middleware {
    let stopping: Stopping

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        if stopping.hasBegun, !["/health", "/health/live"].contains(request.url.path) {
            return request.eventLoop.makeFailedFuture(Stopping.refusal)
        }
        return next.respond(to: request)
    }
}

extension Application {
    private struct StoppingKey: StorageKey {
        typealias Value = Stopping
    }

    /// Set once by `configure`.
    var stopping: Stopping {
        get { configured(StoppingKey.self) }
        set { storage[StoppingKey.self] = newValue }
    }
}
