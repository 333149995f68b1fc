import Foundation
@testable import OXOCore
import SQLiteNIO
import Testing

/// The writer's connection keeps its prepared statements, and when a long-running server
/// has met more distinct statements than it keeps, the ones it runs all the time stay. A
/// kept statement is not prepared again from one run to the next.
@Suite("The writer's kept statements")
struct WriterStatementTests {
    @Test func aStatementRunAllTheTimeStaysPreparedPastTheLimit() throws {
        try withConnection { connection in
            try connection.execute("CREATE TABLE t (n INTEGER)", []) { _ in }
            let hot = "INSERT INTO t (n) VALUES (?1)"
            let limit = SQLiteDirectConnection.statementLimit
            // As many rare statements as are kept fill the room first; then the hot one comes,
            // run between each of as many rare ones again.
            for n in 0..<limit { try connection.execute("SELECT \(n) AS rare", []) { _ in } }
            for n in limit..<(2 * limit) {
                try connection.execute(hot, [.integer(n)]) { _ in }
                try connection.execute("SELECT \(n) AS rare", []) { _ in }
            }
            #expect(connection.keeps(hot))
            #expect(!connection.keeps("SELECT 0 AS rare"), "the rare statement used longest ago made room")
            #expect(connection.keeps("SELECT \(2 * limit - 1) AS rare"))
            var count = 0
            try connection.execute("SELECT COUNT(*) AS n FROM t", []) { count = (try? $0.decode(column: "n", as: Int.self)) ?? 0 }
            #expect(count == limit, "every run of the hot statement stored its row")
        }
    }

    /// SQLite weighs the value bound to a join's `column = ?` when it plans, and prepares
    /// the statement anew when its bindings are cleared: the token check of every request
    /// and socket was prepared twice on each run that way.
    @Test func aStatementThatFiltersByABoundValueIsNotPreparedAgainOnEachRun() throws {
        try withConnection { connection in
            try connection.execute("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL)", []) { _ in }
            try connection.execute("CREATE TABLE keys (id INTEGER PRIMARY KEY, person INTEGER NOT NULL, hash TEXT NOT NULL UNIQUE)", []) { _ in }
            let insert = "INSERT INTO keys (person, hash) VALUES (?1, ?2)"
            for n in 0..<10 {
                try connection.execute("INSERT INTO people (id, name) VALUES (?1, ?2)", [.integer(n), .text("p\(n)")]) { _ in }
                try connection.execute(insert, [.integer(n), .text("hash-\(n)")]) { _ in }
            }
            let lookup = "SELECT p.name AS name FROM keys k JOIN people p ON p.id = k.person WHERE k.hash = ?1"
            var found = 0
            for n in 0..<10 {
                try connection.execute(lookup, [.text("hash-\(n)")]) { _ in found += 1 }
            }
            #expect(found == 10)
            #expect(connection.reprepares(of: lookup) == 0)
            // A large value is let go after its run, and the next run still binds all its own.
            let large = String(repeating: "x", count: 5000)
            try connection.execute(insert, [.integer(1), .text(large)]) { _ in }
            try connection.execute(lookup, [.text(large)]) { _ in found += 1 }
            #expect(found == 11)
        }
    }

    private func withConnection(_ body: (SQLiteDirectConnection) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try SQLiteDirectConnection(path: folder.appendingPathComponent("oxo.sqlite").path, durability: .normal)
        defer { connection.close() }
        try body(connection)
    }
}
