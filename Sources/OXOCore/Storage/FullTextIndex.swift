import SQLKit

/// A full-text index over one text column, in each database's own engine: on SQLite an
/// FTS5 table of its own kept in step with the column by triggers (FTS5's external-content
/// recipe, numbered by the table's integer `rowKey`); on PostgreSQL a generated `tsvector`
/// column (the `simple` configuration: no stemming, no stop words) under a GIN index. Both
/// index the words as the column holds them, so a search finds the same rows on either.
package struct FullTextIndex: Sendable {
    /// The index's name: SQLite's FTS5 table, and the start of its triggers' names.
    let name: String
    let table: String
    let column: String
    let rowKey: String
    /// PostgreSQL's generated column, and its index.
    let vector: String
    let vectorIndex: String

    package init(_ name: String, on table: String, column: String, rowKey: String, vector: String, vectorIndex: String) {
        self.name = name
        self.table = table
        self.column = column
        self.rowKey = rowKey
        self.vector = vector
        self.vectorIndex = vectorIndex
    }

    /// A word of a search: a word of the column starting with it, or the word itself.
    package enum Term: Sendable {
        case prefix(String)
        case exact(String)
    }

    /// The condition that holds for a row of `table` (as `alias`) whose column has, for each
    /// group, one of its terms.
    package func matches(_ groups: [[Term]], alias: String, on sql: any SQLDatabase) -> SQLQueryString {
        if sql.isSQLite {
            let query = Self.query(groups, or: " OR ", and: " AND ") { term in
                switch term {
                case .prefix(let word): "\"\(word)\"*"
                case .exact(let word): "\"\(word)\""
                }
            }
            return "\(ident: alias).\(ident: rowKey) IN (SELECT rowid FROM \(ident: name) WHERE \(ident: name) MATCH \(bind: query))"
        }
        let query = Self.query(groups, or: " | ", and: " & ") { term in
            switch term {
            case .prefix(let word): "\(word):*"
            case .exact(let word): word
            }
        }
        return "\(ident: alias).\(ident: vector) @@ to_tsquery('simple', \(bind: query))"
    }

    private static func query(_ groups: [[Term]], or: String, and: String, spelling: (Term) -> String) -> String {
        groups.map { "(" + $0.map(spelling).joined(separator: or) + ")" }.joined(separator: and)
    }

    /// Makes the index over the rows `table` has and will have.
    package func create(on sql: any SQLDatabase) async throws {
        guard sql.isSQLite else {
            try await sql.raw("""
                ALTER TABLE \(ident: table) ADD COLUMN \(ident: vector) tsvector
                GENERATED ALWAYS AS (to_tsvector('simple', \(ident: column))) STORED
                """).run()
            try await sql.raw("CREATE INDEX \(ident: vectorIndex) ON \(ident: table) USING GIN (\(ident: vector))").run()
            return
        }
        try await sql.raw("""
            CREATE VIRTUAL TABLE \(ident: name) USING fts5(\(ident: column), content=\(literal: table),
            content_rowid=\(literal: rowKey), tokenize='unicode61', prefix='1 2 3')
            """).run()
        let (added, removed) = (SQLQueryString("INSERT INTO \(ident: name) (rowid, \(ident: column)) VALUES (new.\(ident: rowKey), new.\(ident: column));"),
                                SQLQueryString("INSERT INTO \(ident: name) (\(ident: name), rowid, \(ident: column)) VALUES ('delete', old.\(ident: rowKey), old.\(ident: column));"))
        try await sql.raw("CREATE TRIGGER \(ident: name + "_added") AFTER INSERT ON \(ident: table) BEGIN \(added) END").run()
        try await sql.raw("CREATE TRIGGER \(ident: name + "_removed") AFTER DELETE ON \(ident: table) BEGIN \(removed) END").run()
        try await sql.raw("""
            CREATE TRIGGER \(ident: name + "_changed") AFTER UPDATE OF \(ident: column) ON \(ident: table) BEGIN \(removed) \(added) END
            """).run()
    }

    /// Drops what `create` made on SQLite; PostgreSQL's column and index go with their table.
    package func drop(on sql: any SQLDatabase) async throws {
        guard sql.isSQLite else { return }
        try await sql.raw("DROP TABLE IF EXISTS \(ident: name)").run()
    }
}

extension SQLDatabase {
    /// `column` ordered byte by byte, as SQLite orders text by default; PostgreSQL's default
    /// follows the server's locale, so it is asked for the "C" collation.
    package func inByteOrder(_ column: SQLQueryString) -> SQLQueryString {
        isSQLite ? column : "\(column) COLLATE \"C\""
    }
}
