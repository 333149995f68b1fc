import SQLKit

/// The one way to a domain's reads: `store.reads.games`, `change.reads.games` (inside the
/// change's transaction) or `database.reads.games` for code handed a database. Each
/// domain adds its queries as a property named after it, in its own folder, beside the
/// handle its writes are on (`change.games`); the queries' own initialisers stay inside
/// their level.
package struct Reads: Sendable {
    package let sql: any SQLDatabase
}

extension SQLDatabase {
    package var reads: Reads { Reads(sql: self) }
}

extension Store {
    /// The reads through SQLite's readers, or PostgreSQL's pool.
    package var reads: Reads { Reads(sql: sql) }
}

extension Change {
    /// The reads inside this change's transaction: what it wrote so far is seen.
    package var reads: Reads { Reads(sql: sql) }
}
