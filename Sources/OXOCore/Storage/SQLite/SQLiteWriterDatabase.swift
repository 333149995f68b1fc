import Foundation
import Logging
import NIOCore
import OXOProtocol
import SQLKit
import SQLiteKit
import SQLiteNIO

/// The writer's connection as SQLKit's `SQLDatabase`, so that every change reads and
/// writes with the same builders on SQLite as on PostgreSQL. Each statement runs at once,
/// on the calling thread (the writer's), and returns without suspending.
struct SQLiteWriterDatabase: SQLiteDirectDatabase {
    let connection: SQLiteDirectConnection
    let logger: Logger
    let eventLoop: any EventLoop

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        try run(query, onRow)
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> ()) throws {
        let (sql, binds) = try sqliteStatement(query)
        try connection.execute(sql, binds) { onRow($0) }
    }
}

/// SQLKit's view of direct connections (the writer's, `SQLiteWriterDatabase`, and the
/// readers', `SQLiteReaderDatabase`): SQLite's dialect, statements logged at trace level.
protocol SQLiteDirectDatabase: SQLDatabase {}

extension SQLiteDirectDatabase {
    var dialect: any SQLDialect { SQLiteDialect() }
    var version: (any SQLDatabaseReportedVersion)? { nil }
    var queryLogLevel: Logger.Level? { .trace }

    /// `query`'s text and values as a direct connection runs them, logged at trace level.
    func sqliteStatement(_ query: any SQLExpression) throws -> (sql: String, binds: [SQLiteData]) {
        // A fixed statement's text is already made: SQLKit's serializer would copy it.
        let (sql, binds) = (query as? FixedStatement.Bound).map { ($0.statement.sqlite, $0.binds) } ?? serialize(query)
        logger.trace("\(sql)")
        return (sql, try binds.map(sqliteData))
    }
}

/// A bound value as SQLiteKit's encoder makes it. The types nearly every statement binds
/// are converted here as SQLiteNIO converts them, without the encoder's search for a
/// conformance; a UUID as the same text, `uuidString`, written without Foundation's
/// `snprintf`.
private func sqliteData(_ bind: any Encodable & Sendable) throws -> SQLiteData {
    switch bind {
    case let uuid as UUID: .text(uuid.uppercasedText)
    case let number as Int: .integer(number)
    case let text as String: .text(text)
    case let date as Date: .float(date.timeIntervalSince1970)
    case let flag as Bool: .integer(flag ? 1 : 0)
    default: try sqliteEncoder.encode(bind)
    }
}

private let sqliteEncoder = SQLiteDataEncoder()
