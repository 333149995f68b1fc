import Fluent
import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import OXOProtocol
import SQLKit
import Vapor

/// Carries events between server processes that share one PostgreSQL database. Every
/// stored event is announced with `pg_notify` inside its transaction, so PostgreSQL
/// delivers the announcement exactly when the event commits; each process listens and
/// hands the event to its own bus. The announcement carries the event itself, so relaying
/// takes nothing from the connection pool: a node whose pool is busy with a surge of
/// reconnecting players still passes on every move. Only an event too large for a
/// notification is read from the table. A process hears its own events too, which its
/// sockets drop by their sequence numbers.
final class PostgresEventRelay: Sendable {
    static let channel = "oxo_events"

    private let configuration: PostgresConnection.Configuration
    private let database: any SQLDatabase
    private let bus: EventBus
    private let logger: Logger
    private let listening = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(configuration: PostgresConnection.Configuration, database: any SQLDatabase, bus: EventBus, logger: Logger) {
        self.configuration = configuration
        self.database = database
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

    /// Listens until stopped, connecting again after a failure.
    private func listen() async {
        var delay = Duration.milliseconds(250)
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: 0, logger: logger)
                do {
                    try await connection.listen(on: Self.channel) { announcements in
                        delay = .milliseconds(250)
                        for try await announcement in announcements { await relay(announcement.payload) }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                guard !Task.isCancelled else { return }
                logger.warning("listening for other processes' events failed", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(5))
            }
        }
    }

    private func relay(_ text: String) async {
        guard let announcement = EventAnnouncement(text: text) else {
            logger.warning("unreadable event announcement", metadata: ["announcement": "\(text.prefix(80))"])
            return
        }
        var payload = announcement.payload
        if payload == nil { payload = await readPayload(of: announcement) }
        guard let payload else { return }
        bus.publish([StoredEvent(topic: announcement.topic, seq: announcement.seq, payload: payload)])
        ServerMetrics.fannedOut(after: Date().timeIntervalSince(announcement.storedAt))
    }

    /// Reads an event announced without its text, trying again while the pool is busy: the
    /// event is committed, and the sockets following its topic would otherwise notice the
    /// gap only at the topic's next event, which after a game's last move never comes.
    private func readPayload(of announcement: EventAnnouncement) async -> String? {
        var delay = Duration.milliseconds(250)
        for attempt in 1...6 {
            do {
                let row = try await database.select().column("payload").from("events")
                    .where("topic", .equal, announcement.topic.description).where("seq", .equal, announcement.seq)
                    .first()
                return try row?.decode(column: "payload", as: String.self)
            } catch {
                logger.error("could not read an announced event", metadata: [
                    "topic": "\(announcement.topic)", "seq": "\(announcement.seq)", "attempt": "\(attempt)", "error": "\(error)"])
                guard !Task.isCancelled else { return nil }
                try? await Task.sleep(for: delay)
                delay *= 2
            }
        }
        return nil
    }
}
