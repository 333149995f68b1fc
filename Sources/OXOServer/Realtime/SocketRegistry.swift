import Foundation
import NIOConcurrencyHelpers
import NIOCore
import OXOCore
import OXOProtocol
import OXOSocial
import Vapor

/// The sockets this process serves, so that shutting down can close them and let each
/// finish its clean-up while the database is still there, how many each user and each
/// client address has, and which games each user's sockets follow (for Social's "your
/// turn": a player looking at the game needs no notification).
final class SocketRegistry: GameAttention {
    /// Who a socket belongs to, for the caps.
    struct Owner: Sendable {
        let user: UserID
        let address: String
    }

    /// The most sockets one user, and one client address, may have open here.
    struct Limits: Sendable {
        let perUser: Int
        let perAddress: Int
    }

    /// A socket served here, and what its end completes.
    private struct Served: Sendable {
        let session: SocketSession
        let owner: Owner
        let ended: EventLoopPromise<Void>
    }

    private struct Running: Sendable {
        var sessions: [UUID: Served] = [:]
        /// Set once the process stops: a socket upgraded after that is closed (1012) at once.
        var restarting = false
        var perUser = Tally<UserID>()
        var perAddress = Tally<String>()
    }

    /// A user following a game with one of their sockets here.
    private struct Look: Hashable, Sendable {
        let user: UserID
        let game: GameID
    }

    private let running = NIOLockedValueBox(Running())
    /// Where the sockets' messages are written, one table of writes for each event loop.
    private let writes = EventLoopTable { LoopWrites(loop: $0) }
    /// The sockets' pings, one round for each event loop.
    private let pingRounds: EventLoopTable<NIOLoopBoundBox<PingRounds>>
    /// How many of each user's sockets here follow each game.
    private let looking = NIOLockedValueBox(Tally<Look>())

    /// `pingInterval`: how often each socket is pinged; a ping unanswered this long closes it.
    init(pingInterval: TimeAmount) {
        pingRounds = EventLoopTable { .makeBoxSendingValue(PingRounds(loop: $0, interval: pingInterval), eventLoop: $0) }
    }

    /// The pings of the sockets of `loop`.
    func pings(on loop: any EventLoop) -> NIOLoopBoundBox<PingRounds> {
        pingRounds[loop]
    }

    /// Where a socket's messages go: its wire, through its loop's table of writes.
    func outbox(for wire: NIOLoopBound<SocketWire>) -> SocketOutbox {
        SocketOutbox(wire: wire, writes: writes[wire.eventLoop])
    }

    func isLooking(_ user: UserID, at game: GameID) -> Bool {
        looking.withLockedValue { $0[Look(user: user, game: game)] > 0 }
    }

    /// A socket of `user` began (`by` 1) or stopped (`by` -1) following `game`.
    func look(_ user: UserID, at game: GameID, by step: Int) {
        let look = Look(user: user, game: game)
        looking.withLockedValue { step > 0 ? $0.add(look) : $0.remove(look) }
    }

    /// Why `owner` may not open another socket here, or nil when it may.
    func refusal(for owner: Owner, within limits: Limits) -> String? {
        running.withLockedValue { Self.refusal(for: owner, within: limits, in: $0) }
    }

    private static func refusal(for owner: Owner, within limits: Limits, in running: Running) -> String? {
        if running.perUser[owner.user] >= limits.perUser {
            return "You have \(limits.perUser) sockets open already; close one first."
        }
        if running.perAddress[owner.address] >= limits.perAddress {
            return "Your address has \(limits.perAddress) sockets open already; close one first."
        }
        return nil
    }

    /// Serves `session` until its socket closes, unless its owner already has as many
    /// sockets open here as `limits` allow (a burst of upgrades can pass the check before
    /// the upgrade together); false when refused.
    func serve(_ session: SocketSession, of owner: Owner, within limits: Limits) -> Bool {
        let served = running.withLockedValue { running in
            guard !running.restarting, Self.refusal(for: owner, within: limits, in: running) == nil else { return false }
            running.sessions[session.id] = Served(session: session, owner: owner, ended: session.eventLoop.makePromise())
            running.perUser.add(owner.user)
            running.perAddress.add(owner.address)
            return true
        }
        guard served else { return false }
        ServerMetrics.socketOpened()
        session.open()
        return true
    }

    /// Called when a session's socket has closed: it no longer counts against its user's
    /// and its address's caps, though its clean-up (presence, watching) may still be writing.
    func closed(_ session: SocketSession) {
        let counted = running.withLockedValue { running -> Bool in
            guard let owner = running.sessions[session.id]?.owner else { return false }
            running.perUser.remove(owner.user)
            running.perAddress.remove(owner.address)
            return true
        }
        if counted { ServerMetrics.socketClosed() }
    }

    /// Called by a session once it cleaned up after its close (`closed`).
    func ended(_ session: SocketSession) {
        running.withLockedValue { $0.sessions.removeValue(forKey: session.id) }?.ended.succeed()
    }

    /// Whether the process stopped taking sockets (`closeAllForRestart`).
    var isRestarting: Bool { running.withLockedValue { $0.restarting } }

    /// Closes every socket with 1012 once it has answered the message in hand, takes no
    /// new one, and returns how many there were once each has closed and cleaned up
    /// (a client that ignores the close is cut off by `CloseAfterGrace`).
    func closeAllForRestart() async -> Int {
        let all = running.withLockedValue { running in
            running.restarting = true
            return Array(running.sessions.values)
        }
        for served in all { served.session.closeForRestart() }
        for served in all { try? await served.ended.futureResult.get() }
        return all.count
    }

    /// Tells every socket the stored numbers of the topics followed here (`seqs`), read
    /// after the relay listened again following a failover: it missed the events committed
    /// while it was away, which no later event may reveal (a game's last move). Each socket
    /// is sent what it missed of its topics, or a snapshot, and stays open. Returns how
    /// many sockets were told.
    func catchUpAll(to seqs: [Topic: Int]) -> Int {
        let all = running.withLockedValue { Array($0.sessions.values) }
        for served in all { served.session.catchUp(to: seqs) }
        return all.count
    }

    /// Closes every socket with 1012, as a restart does, but goes on taking new ones: its
    /// clients connect again at once and resume, and each is sent what it missed or a
    /// snapshot. What a failover does when the topics' numbers cannot be read
    /// (`catchUpAll`).
    func closeAllToCatchUp() -> Int {
        let all = running.withLockedValue { Array($0.sessions.values) }
        for served in all { served.session.closeForRestart() }
        return all.count
    }

    func closeAll() async {
        let all = running.withLockedValue { Array($0.sessions.values) }
        for served in all { served.session.close() }
        for served in all { try? await served.ended.futureResult.get() }
    }
}

/// How many of something each key has, holding no key whose count fell to zero.
private struct Tally<Key: Hashable & Sendable>: Sendable {
    private var counts: [Key: Int] = [:]

    subscript(key: Key) -> Int { counts[key] ?? 0 }

    mutating func add(_ key: Key) { counts[key, default: 0] += 1 }

    mutating func remove(_ key: Key) {
        counts[key, default: 0] -= 1
        if counts[key]! <= 0 { counts[key] = nil }
    }
}

/// Closes the realtime sockets and ends the streams, telling clients the server is going away so they
/// reconnect, and waits for their clean-up. Call it before stopping the HTTP server,
/// which otherwise waits for open sockets until its shutdown timeout.
public func closeRealtimeSockets(of app: Application) async {
    await app.sockets.closeAll()
    _ = app.streams.endAll()
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
