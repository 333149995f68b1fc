import Logging
import NIOCore
import SQLKit

/// A database that runs statements its own way (prepared, under a deadline, on a standby)
/// over another, `wrapped`, which answers SQLKit's questions about it: its logger, event
/// loop, version, dialect and query log level.
protocol WrappingSQLDatabase: SQLDatabase {
    var wrapped: any SQLDatabase { get }
}

extension WrappingSQLDatabase {
    var logger: Logger { wrapped.logger }
    var eventLoop: any EventLoop { wrapped.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { wrapped.version }
    var dialect: any SQLDialect { wrapped.dialect }
    var queryLogLevel: Logger.Level? { wrapped.queryLogLevel }

    /// SQLKit's older entry, through the wrapper's `async` one.
    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }
}
