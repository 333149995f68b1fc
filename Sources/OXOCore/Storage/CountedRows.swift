import SQLKit

/// A column that counts the rows of another table referring to its row, kept by the
/// database itself on every insert and delete, so that rows a cascade removes are counted
/// out too: SQLite's triggers, or PostgreSQL's trigger function.
package struct CountedRows: Sendable {
    /// The counting column and its table, whose rows `key` refers to by their `id`.
    let table: String
    let column: String
    /// The counted rows' table and the column naming the counting row.
    let rows: String
    let key: String
    /// What the database calls the triggers: on SQLite `<triggers>_added` and `_removed`;
    /// on PostgreSQL one trigger and the function it runs.
    let triggers: String
    let trigger: String
    let function: String

    package init(_ column: String, of table: String, counting rows: String, by key: String,
                 sqliteTriggers triggers: String, postgresTrigger trigger: String, postgresFunction function: String) {
        self.table = table
        self.column = column
        self.rows = rows
        self.key = key
        self.triggers = triggers
        self.trigger = trigger
        self.function = function
    }

    package func create(on sql: any SQLDatabase) async throws {
        guard sql.isSQLite else {
            try await sql.raw("""
                CREATE FUNCTION \(ident: function)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP = 'INSERT' THEN
                        UPDATE \(ident: table) SET \(ident: column) = \(ident: column) + 1 WHERE id = NEW.\(ident: key);
                    ELSE
                        UPDATE \(ident: table) SET \(ident: column) = \(ident: column) - 1 WHERE id = OLD.\(ident: key);
                    END IF;
                    RETURN NULL;
                END $$
                """).run()
            try await sql.raw("""
                CREATE TRIGGER \(ident: trigger) AFTER INSERT OR DELETE ON \(ident: rows)
                FOR EACH ROW EXECUTE FUNCTION \(ident: function)()
                """).run()
            return
        }
        try await sql.raw("""
            CREATE TRIGGER \(ident: triggers + "_added") AFTER INSERT ON \(ident: rows) BEGIN
            UPDATE \(ident: table) SET \(ident: column) = \(ident: column) + 1 WHERE id = new.\(ident: key); END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER \(ident: triggers + "_removed") AFTER DELETE ON \(ident: rows) BEGIN
            UPDATE \(ident: table) SET \(ident: column) = \(ident: column) - 1 WHERE id = old.\(ident: key); END
            """).run()
    }

    /// Drops PostgreSQL's function and, with it, its trigger; SQLite's go with their table.
    package func drop(on sql: any SQLDatabase) async throws {
        guard !sql.isSQLite else { return }
        try await sql.raw("DROP FUNCTION IF EXISTS \(ident: function) CASCADE").run()
    }
}
