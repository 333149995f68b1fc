import Fluent
import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import OXOProtocol
import SQLKit
import Vapor

/// Carries events between server processes that share one PostgreSQL database. Every
/// event is announced with `pg_notify` inside its transaction, so PostgreSQL delivers the
/// announcement exactly when the event commits, to every process in the same order; each
/// process keeps it in its history (`TopicHistory`) and hands it to its own bus. The
/// announcement carries the event itself (in parts when large), so relaying takes nothing
/// from the connection pool: a node whose pool is busy with a surge of reconnecting
/// players still passes on every move. A process hears its own events too, which its
/// sockets drop by their sequence numbers, and which its history is fed from alone, so
/// that it holds every process's events in the order they committed.
final class PostgresEventRelay: Sendable {
    static let channel = "oxo_events"

    private let configuration: PostgresConnection.Configuration
    private let bus: EventBus
    private let logger: Logger
    private let listening = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(configuration: PostgresConnection.Configuration, bus: EventBus, logger: Logger) {
        self.configuration = configuration
        self.bus = bus
        self.logger = logger
    }

    func start() {
        listening.withLockedValue { $0 = Task { await self.listen() } }
    }

    func stop() async {
        let task = listening.withLockedValue { $0 }
        task?.cancel()
        await task?.value
    }

    /// Listens until stopped, connecting again after a failure: a primary that died takes
    /// its LISTEN with it, and its standby, promoted, is reached through the same address
    /// (HAProxy's, or hosts with `target_session_attrs=read-write`). The waits between tries
    /// stay short (2 s at most), since a failover is over in seconds. Once listening again,
    /// the bus is told (`relayResumed`): the events committed in between were never heard.
    private func listen() async {
        var delay = Duration.milliseconds(250)
        var lost: ContinuousClock.Instant?
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: 0, logger: logger)
                do {
                    try await connection.listen(on: Self.channel) { announcements in
                        delay = .milliseconds(250)
                        if let since = lost {
                            lost = nil
                            ServerMetrics.relayResumed()
                            logger.notice("listening for other processes' events again",
                                          metadata: ["after": "\(ContinuousClock.now - since)"])
                            bus.relayResumed()
                        }
                        var parts = EventParts()
                        for try await announcement in announcements { relay(announcement.payload, parts: &parts) }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
                // The announcements ended without an error: the connection went all the same.
                if lost == nil { lost = .now }
            } catch {
                guard !Task.isCancelled else { return }
                if lost == nil { lost = .now }
                logger.warning("listening for other processes' events failed", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(2))
            }
        }
    }

    private func relay(_ text: String, parts: inout EventParts) {
        if let forgetting = ForgettingAnnouncement.read(text) { return bus.history.forget(forgetting) }
        guard let announcement = EventAnnouncement(text: text) else {
            logger.warning("unreadable event announcement", metadata: ["announcement": "\(text.prefix(80))"])
            return
        }
        guard let payload = parts.add(announcement) else { return }
        let event = StoredEvent(topic: announcement.topic, seq: announcement.seq, payload: payload)
        bus.history.record([event])
        bus.publish([event])
        ServerMetrics.fannedOut(after: Date().timeIntervalSince(announcement.storedAt))
    }
}

/// The parts of a large event heard so far, joined once the last arrives.
private struct EventParts {
    private var pieces: [String] = []
    private var of: (topic: Topic, seq: Int)?

    /// The whole event's text once `announcement` completes it; nil while parts are missing.
    mutating func add(_ announcement: EventAnnouncement) -> String? {
        guard announcement.parts > 1 else { return announcement.payload }
        if announcement.part == 1 { (pieces, of) = ([], (announcement.topic, announcement.seq)) }
        guard let of, of == (announcement.topic, announcement.seq), pieces.count == announcement.part - 1 else { return nil }
        pieces.append(announcement.payload)
        guard announcement.part == announcement.parts else { return nil }
        defer { (pieces, self.of) = ([], nil) }
        return pieces.joined()
    }
}
