import Foundation
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

/// SQLite's write-ahead log starts over only when a write begins after a checkpoint
/// copied all of it, which steady writes never allow: without help the log grows by
/// every byte written for as long as the load lasts.
@Suite("The write-ahead log stays bounded under steady writes")
struct WriteAheadLogTests {
    @Test func aLogPastItsLimitIsCopiedBackAndStartsOverWhileWritesGoOn() async throws {
        let path = StorageTroubleTests.freshDataPath()
        defer { TestStorage.removeSQLiteFolder(of: path) }
        let limit = 256 << 10
        let server = try await TestServer.start(storage: .sqlite(path: path)) {
            $0.writeAheadLogLimit = limit
            $0.requestsPerAddress = 1_000_000
        }
        let api = RawHTTP(baseURL: server.baseURL)
        var registered: [String] = []
        for name in ["alice", "bob", "carol", "dave"] { registered.append(try await api.register(name)) }
        let tokens = registered

        // Sixteen clients create games back to back for four seconds, so the writer
        // always has the next group waiting when one commits.
        let stop = ContinuousClock.now + .seconds(4)
        let created = try await withThrowingTaskGroup(of: Int.self) { group in
            for client in 0..<16 {
                group.addTask {
                    var count = 0
                    while ContinuousClock.now < stop {
                        let answer = try await api.send(.POST, "/v1/games", token: tokens[client % tokens.count],
                                                        body: #"{"side":"X","listed":false}"#)
                        #expect(answer.status == 201)
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        let written = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let log = try #require(FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        // Past its limit by at most a group's pages (a few hundred kilobytes). Without the
        // restart this run left 160 MB.
        #expect(log < limit + (4 << 20), "\(created) games; the log holds \(log) bytes beside a data file of \(written)")
        try await server.stop()
    }
}
