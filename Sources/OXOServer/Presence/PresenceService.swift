import Fluent
import Foundation
import OXOProtocol
import SQLKit

/// Records the sockets that come and go. A player is online while any of their sockets
/// is connected, to any server process: the first one brings them online (and back
/// into the live games they left), the last one takes them offline (and away from them).
struct PresenceService {
    let games: GameService

    private var context: ServerContext { games.context }

    func enter(_ connection: UUID, user: UserID) async throws {
        try await games.commit { transaction in
            let database = transaction.database
            try await lock(user.rawValue, in: database)
            try await database.sql.insert(into: "presence")
                .columns("connection_id", "user_id", "process_id", "connected_at", "seen_at")
                .values(SQLBind(connection), SQLBind(user.rawValue), SQLBind(transaction.context.processID),
                        SQLBind(transaction.now), SQLBind(transaction.now))
                .run()
            guard try await PresenceQueries(database: database).connections(of: user.rawValue) == 1 else { return }
            try await transaction.markReturned(user.rawValue)
            try await transaction.announcePresence(of: [user.rawValue])
        }
    }

    func leave(_ connection: UUID) async throws {
        try await games.commit { transaction in
            let database = transaction.database
            guard let user = try await database.sql.select().column("user_id").from("presence")
                .where("connection_id", .equal, connection)
                .first()?.decode(column: "user_id", as: UUID.self)
            else { return }
            try await lock(user, in: database)
            try await database.sql.delete(from: "presence").where("connection_id", .equal, connection).run()
            guard try await PresenceQueries(database: database).connections(of: user) == 0 else { return }
            try await database.sql.delete(from: "match_queue").where("user_id", .equal, user).run()
            try await transaction.markAway(user)
            if let record = try await UserRecord.find(user, on: database) {
                let player = PlayerSummary(id: UserID(rawValue: user), username: record.username, displayName: record.displayName)
                transaction.log(TopicEvent(presence: OnlinePlayer(player: player, status: .offline)), to: [.presence])
            }
        }
    }

    /// Confirms that this process's sockets are still connected.
    func confirmConnections() async throws {
        let (processID, now) = (context.processID, context.clock.now)
        try await context.write(on: games.database) { database in
            try await database.sql.update("presence").set("seen_at", to: now).where("process_id", .equal, processID).run()
        }
    }

    /// Clears the connections no process has confirmed for a while (their process
    /// stopped without closing them), as if each had closed; returns how many.
    func clearStale() async throws -> Int {
        let oldest = context.clock.now.addingTimeInterval(-3 * context.configuration.housekeepingInterval)
        let stale = try await games.database.sql.select().column("connection_id").from("presence")
            .where("seen_at", .lessThan, oldest)
            .all().map { try $0.decode(column: "connection_id", as: UUID.self) }
        for connection in stale {
            try await Watchers(service: games).remove(connection)
            try await leave(connection)
        }
        return stale.count
    }

    /// On PostgreSQL, holds the user's row until the transaction ends, so that two
    /// sockets of one player closing at once on two processes cannot both see the other
    /// still there. SQLite has one writer at a time already.
    private func lock(_ user: UUID, in database: any Database) async throws {
        guard !database.isSQLite else { return }
        _ = try await database.sql.raw("SELECT id FROM users WHERE id = \(bind: user) FOR UPDATE").all()
    }
}
