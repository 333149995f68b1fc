import Fluent
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SQLKit
import Vapor

/// Reads whose answer may be a moment old (the leaderboard, the catalogue, other players'
/// profiles) go to a PostgreSQL standby when the operator names one
/// (`--standby-database-url`), so that the primary keeps its connections and CPU for the
/// writes. A standby replays the primary's commits a little later (`oxo_database_standby_lag_seconds`
/// says how much), so what needs to see a change just made, such as a move or the caller's
/// own profile, keeps reading the primary.
extension DatabaseID {
    package static let standby = DatabaseID(string: "standby")
}

extension Request {
    /// The database for a read whose answer may be a moment old: the standby when one is
    /// set, falling back to the primary when the standby cannot be reached or does not
    /// answer within `databaseWait` (`PostgresReadDeadline`); else the store's.
    package var staleReadSQL: any SQLDatabase {
        let configuration = application.oxo.configuration
        guard configuration.standbyURL != nil else { return store.sql }
        return StandbyOrPrimary(standby: PostgresReadDeadline(database: db(.standby), limit: configuration.databaseWait),
                                primary: store.sql)
    }
}

/// Runs each statement on the standby, and on the primary when the standby cannot be
/// reached (down, being promoted, its connections refused) before a row came back: a
/// standby that fails reads only slower, never wrong.
struct StandbyOrPrimary: WrappingSQLDatabase {
    let standby: any SQLDatabase
    let primary: any SQLDatabase

    var wrapped: any SQLDatabase { primary }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        let delivered = RowsDelivered()
        do {
            try await standby.execute(sql: query) { row in
                delivered.mark()
                onRow(row)
            }
        } catch where !delivered.any && Self.isUnreachable(error) {
            logger.debug("standby unreachable, read from the primary", metadata: ["error": "\(String(reflecting: error))"])
            ServerMetrics.standbyReadFellBack()
            try await primary.execute(sql: query, onRow)
        }
    }

    /// The standby was not there to ask: what a lost primary would be (`DatabaseUnavailable`),
    /// or a pool with no connection to give within the wait.
    static func isUnreachable(_ error: any Error) -> Bool {
        DatabaseUnavailable.recognises(error) || error is ConnectionPoolTimeoutError
    }
}

/// Whether any row of a statement reached the caller; set from the connection's loop.
private final class RowsDelivered: Sendable {
    private let flag = NIOLockedValueBox(false)
    func mark() { flag.withLockedValue { $0 = true } }
    var any: Bool { flag.withLockedValue { $0 } }
}

/// How far the standby is behind the primary, asked of the standby at each scrape of
/// `/metrics`: 0 when it has replayed all it received, else the time since the last
/// commit it replayed (the classic measure, which an idle primary would inflate, so it is
/// only counted while WAL waits to be replayed).
package enum StandbyLag {
    package static func record(on standby: any SQLDatabase) async {
        struct Lag: Decodable { let seconds: Double? }
        let lag = try? await standby.raw("""
            SELECT CASE WHEN NOT pg_is_in_recovery() THEN NULL
                        WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                        ELSE EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::float8 END AS seconds
            """).first(decoding: Lag.self)
        ServerMetrics.standbyLag(lag?.seconds)
    }
}
