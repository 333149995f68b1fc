import Foundation
import NIOConcurrencyHelpers
import OXOProtocol
import Vapor

/// The sockets this process serves, so that shutting down can close them and let each
/// finish its clean-up while the database is still there, how many each user has, and
/// which games each user's sockets follow (for Social's "your turn": a player looking at
/// the game needs no notification).
final class SocketRegistry: GameAttention {
    private struct Running {
        var sessions: [UUID: (session: SocketSession, task: Task<Void, Never>)] = [:]
        var perUser: [UserID: Int] = [:]
    }

    private let running = NIOLockedValueBox(Running())
    /// user -> game -> how many of their sockets here follow it.
    private let looking = NIOLockedValueBox<[UserID: [GameID: Int]]>([:])

    func isLooking(_ user: UserID, at game: GameID) -> Bool {
        looking.withLockedValue { $0[user]?[game] != nil }
    }

    /// A socket of `user` began (`by` 1) or stopped (`by` -1) following `game`.
    func look(_ user: UserID, at game: GameID, by step: Int) {
        looking.withLockedValue { looking in
            let count = (looking[user]?[game] ?? 0) + step
            looking[user, default: [:]][game] = count > 0 ? count : nil
            if looking[user]?.isEmpty == true { looking[user] = nil }
        }
    }

    /// How many sockets `user` has open on this process.
    func count(of user: UserID) -> Int {
        running.withLockedValue { $0.perUser[user] ?? 0 }
    }

    /// Serves `session` until its socket closes, unless its user already has `limit`
    /// sockets open here (a burst of upgrades can pass the check before the upgrade
    /// together); false when refused.
    func serve(_ session: SocketSession, limit: Int) -> Bool {
        running.withLockedValue { running in
            let user = session.user.id
            guard running.perUser[user, default: 0] < limit else { return false }
            let task = Task {
                await session.run()
                self.running.withLockedValue { running in
                    running.sessions[session.id] = nil
                    running.perUser[user]! -= 1
                    if running.perUser[user] == 0 { running.perUser[user] = nil }
                }
            }
            running.sessions[session.id] = (session, task)
            running.perUser[user, default: 0] += 1
            return true
        }
    }

    func closeAll() async {
        let all = running.withLockedValue { Array($0.sessions.values) }
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
