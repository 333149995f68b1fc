import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The sockets this process serves, so that shutting down can close them and let each
/// finish its clean-up while the database is still there.
final class SocketRegistry: Sendable {
    private let running = NIOLockedValueBox<[UUID: (session: SocketSession, task: Task<Void, Never>)]>([:])

    /// Serves `session` until its socket closes.
    func serve(_ session: SocketSession) {
        running.withLockedValue { running in
            let task = Task {
                await session.run()
                _ = self.running.withLockedValue { $0.removeValue(forKey: session.id) }
            }
            running[session.id] = (session, task)
        }
    }

    func closeAll() async {
        let all = running.withLockedValue { Array($0.values) }
        for (session, _) in all { await session.close() }
        for (_, task) in all { await task.value }
    }
}

/// Closes every socket before the application lets go of its database.
struct SocketShutdown: LifecycleHandler {
    let registry: SocketRegistry

    func shutdownAsync(_ application: Application) async {
        await registry.closeAll()
    }
}

/// Closes the realtime sockets, telling clients the server is going away so they
/// reconnect, and waits for their clean-up. Call it before stopping the HTTP server,
/// which otherwise waits for open sockets until its shutdown timeout.
public func closeRealtimeSockets(of app: Application) async {
    await app.sockets.closeAll()
}

extension Application {
    private struct SocketsKey: StorageKey {
        typealias Value = SocketRegistry
    }

    /// The sockets this process serves; set once by `configure`.
    var sockets: SocketRegistry {
        get { configured(SocketsKey.self) }
        set { storage[SocketsKey.self] = newValue }
    }
}
