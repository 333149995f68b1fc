import Foundation
import OXOProtocol
@testable import OXOCore
import SQLiteNIO
import Testing
import Vapor

/// SQLite's reads run on the readers' own connections, beside the writer: a read made
/// the moment a change is answered sees it, however many come at once; a reader changes
/// nothing, and does not make a data file that is gone; a read that waited past
/// `databaseWait` is refused as the pool refused it.
@Suite("SQLite's readers")
struct SQLiteReadersTests {
    @Test func everyGameIsSeenByItsCreatorsReadTheMomentItIsAnsweredWithFortyAtOnce() async throws {
        try await withServer { server in
            guard server.configuration.storage.sqlitePath != nil else { return }
            let api = try await DocumentedClient.of(server)
            let players = 40
            let tokens = try await (0..<players).asyncMap { try await api.register("reader\($0)").token }
            let seen = try await withThrowingTaskGroup(of: Bool.self) { group in
                for token in tokens {
                    group.addTask {
                        let game = try await api.createGame(token: token)
                        let read = try await api.send(.GET, "/v1/games/{gameID}", ["gameID": "\(game.id)"], token: token)
                        return read.status == 200 && (try? read.decode(GameView.self).id) == game.id
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(seen == players)
        }
    }

    @Test func aReaderRefusesToChangeTheFile() async throws {
        try await withReaders(wait: .seconds(10)) { readers in
            await #expect(throws: (any Error).self) { try await readers.read("CREATE TABLE t (n INTEGER)", []) }
            let rows = try await readers.read("SELECT count(*) AS n FROM sqlite_schema WHERE name = 't'", [])
            #expect(try rows.first?.decode(column: "n", as: Int.self) == 0)
        }
    }

    @Test func aReaderDoesNotMakeADataFileThatIsGone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gone.sqlite").path
        let readers = SQLiteReaders(path: path, threads: 1, wait: .seconds(10))
        await #expect(throws: StorageUnavailable.self) { try await readers.read("SELECT 1 AS n", []) }
        await readers.shutdown()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aReadThatWaitedPastTheLimitIsRefusedAndTheNextIsServed() async throws {
        try await withReaders(threads: 1, wait: .milliseconds(100)) { readers in
            // Counting to ten million keeps the one reader busy for far longer than the limit.
            let slow = Task {
                try await readers.read("""
                    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000) SELECT count(*) AS n FROM c
                    """, [])
            }
            // Long enough for the count to have the reader on a loaded machine too (it takes seconds).
            try await Task.sleep(for: .milliseconds(300))
            await #expect(throws: ConnectionPoolTimeoutError.self) { try await readers.read("SELECT 1 AS n", []) }
            #expect(try await slow.value.first?.decode(column: "n", as: Int.self) == 10_000_000)
            #expect(try await readers.read("SELECT 2 AS n", []).first?.decode(column: "n", as: Int.self) == 2)
        }
    }

    private func withReaders(threads: Int = 2, wait: Duration, _ body: (SQLiteReaders) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("oxo.sqlite").path
        try SQLiteDirectConnection(path: path, durability: .normal).close()
        let readers = SQLiteReaders(path: path, threads: threads, wait: wait)
        do {
            try await body(readers)
        } catch {
            await readers.shutdown()
            throw error
        }
        await readers.shutdown()
    }
}
