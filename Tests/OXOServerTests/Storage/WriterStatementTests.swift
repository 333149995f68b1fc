import Foundation
@testable import OXOCore
import SQLiteNIO
import Testing

/// The writer's connection keeps its prepared statements, and when a long-running server
/// has met more distinct statements than it keeps, the ones it runs all the time stay.
@Suite("The writer's kept statements")
struct WriterStatementTests {
    @Test func aStatementRunAllTheTimeStaysPreparedPastTheLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try SQLiteDirectConnection(path: folder.appendingPathComponent("oxo.sqlite").path, durability: .normal)
        defer { connection.close() }
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
