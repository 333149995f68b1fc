import OXOCore
import OXOProtocol
import Vapor

/// What a load balancer or an orchestrator asks. Live: the process answers HTTP. Ready:
/// it can also store what it is asked to (`503 storage_unavailable` otherwise, with the
/// reason in the message and in the log). `/health` is the older name of live.
struct HealthRoutes {
    func register(_ app: Application) {
        let live: @Sendable (Request) -> Reply<[String: String]> = { _ in Reply(["status": "ok"]) }
        app.on(Operations.health, use: live)
        app.on(Operations.healthLive, use: live)
        app.on(Operations.healthReady) { request in
            do {
                try await request.application.store.checkReady()
            } catch let trouble as StorageUnavailable {
                throw APIError(.storageUnavailable, "Not ready: \(trouble.reason).")
            }
            return Reply(["status": "ready"])
        }
    }
}
