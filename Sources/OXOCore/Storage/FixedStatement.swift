import Foundation
import SQLKit

/// A statement whose text is written once, its values bound by position (`$1`, `$2`, …),
/// for the statements every move runs. SQLKit's builders and interpolations make the text
/// anew at each run, and making it cost more than SQLite takes to run the statement; this
/// text is made when the program starts, in each database's spelling (SQLite's `?1` for
/// PostgreSQL's `$1`). SQLite's writer finds its prepared statement by the text; PostgreSQL
/// prepares it by number on each connection (`PostgresStatements`).
package struct FixedStatement: Sendable {
    let postgres: String
    let sqlite: String
    let runPrepared: PostgresStatements.Run

    package init(_ text: String) {
        self.init(postgres: text, sqlite: text)
    }

    /// A statement spelled apart for each database (`RowLock`'s); its values are the same.
    init(postgres: String, sqlite: String) {
        self.postgres = postgres
        self.sqlite = sqlite.replacingOccurrences(of: #"\$(?=[0-9])"#, with: "?", options: .regularExpression)
        runPrepared = PostgresStatements.run(numbered: PostgresStatements.number(of: postgres))
    }

    /// The statement with `values` bound to `$1`, `$2`, … in order, to run on `database`
    /// with SQLKit's `run()`, `first()` and `all()`.
    package func on(_ database: any SQLDatabase, _ values: any Encodable & Sendable...) -> FixedStatementRun {
        on(database, values)
    }

    package func on(_ database: any SQLDatabase, _ values: [any Encodable & Sendable]) -> FixedStatementRun {
        FixedStatementRun(database: database, query: Bound(statement: self, binds: values))
    }

    /// For a statement written for one or two players (`IN ($n, $n+1)`, after the values
    /// `leading`): the first and last of `ids` bound after `leading`, so that one player is
    /// bound twice. Nil for none or more than two, which need a statement built for them.
    package func on(_ database: any SQLDatabase, _ leading: any Encodable & Sendable..., oneOrTwo ids: [UUID]) -> FixedStatementRun? {
        guard let first = ids.first, ids.count <= 2 else { return nil }
        return on(database, leading + [first, ids[ids.count - 1]])
    }

    struct Bound: SQLExpression {
        let statement: FixedStatement
        let binds: [any Encodable & Sendable]

        func serialize(to serializer: inout SQLSerializer) {
            serializer.write(serializer.database.isSQLite ? statement.sqlite : statement.postgres)
            serializer.binds += binds
        }
    }
}

/// One run of a `FixedStatement`: SQLKit's fetching methods come with the protocol.
package final class FixedStatementRun: SQLQueryFetcher {
    package let database: any SQLDatabase
    private let bound: FixedStatement.Bound
    package var query: any SQLExpression { bound }

    init(database: any SQLDatabase, query: FixedStatement.Bound) {
        self.database = database
        bound = query
    }
}
