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
/// delivers the announcement exactly when the event commits; each process listens, reads
/// the event and hands it to its own bus. A process hears its own events too, which its
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

    /// The announcement of an event, for `pg_notify` in its transaction.
    static func announcement(of topic: Topic, seq: Int) -> String { "\(topic) \(seq)" }

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

    private func relay(_ announcement: String) async {
        let parts = announcement.split(separator: " ")
        guard parts.count == 2, let topic = Topic(String(parts[0])), let seq = Int(parts[1]) else {
            logger.warning("unreadable event announcement", metadata: ["announcement": "\(announcement)"])
            return
        }
        do {
            let row = try await database.select().column("payload").column("created_at").from("events")
                .where("topic", .equal, topic.description).where("seq", .equal, seq)
                .first()
            guard let row, let payload = try? row.decode(column: "payload", as: String.self) else { return }
            bus.publish([StoredEvent(topic: topic, seq: seq, payload: payload)])
            if let stored = try? row.decode(column: "created_at", as: Date.self) {
                ServerMetrics.fannedOut(after: Date().timeIntervalSince(stored))
            }
        } catch {
            logger.error("could not read an announced event", metadata: ["topic": "\(topic)", "error": "\(error)"])
        }
    }
}

/// Stops listening before the database closes.
struct PostgresEventRelayShutdown: LifecycleHandler {
    let relay: PostgresEventRelay

    func shutdownAsync(_ application: Application) async {
        await relay.stop()
    }
}
