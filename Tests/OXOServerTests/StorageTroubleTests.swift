import Foundation
import OXOProtocol
import OXOCore
import OXOPlay
import OXOSocial
import OXOServer
import Testing

/// What the server does when its storage fails under it: a full disk, a data file deleted
/// while it runs, a data file it may not write. It refuses with `503 storage_unavailable`
/// (or does not start), says so in readiness, and loses nothing it acknowledged.
@Suite("Storage trouble is refused clearly, and loses nothing")
struct StorageTroubleTests {
    @Test func aDataFileDeletedWhileRunningFailsReadinessAndRefusesWrites() async throws {
        let path = Self.freshDataPath()
        defer { TestStorage.removeSQLiteFolder(of: path) }
        let server = try await TestServer.start(storage: .sqlite(path: path))
        let api = RawHTTP(baseURL: server.baseURL)
        let token = try await api.register("alice")
        #expect(try await api.send(.GET, "/health/ready").status == 200)

        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }

        expectRefused(try await api.send(.GET, "/health/ready"), 503, .storageUnavailable)
        expectRefused(try await api.send(.POST, "/v1/games", token: token, body: #"{"side":"X"}"#), 503, .storageUnavailable)
        #expect(try await api.send(.GET, "/health/live").status == 200)
        try await server.stop()
    }

    @Test(.enabled(if: SmallDisk.canMount, "needs root to mount a small tmpfs; skipped"))
    func aFullDiskRefusesWritesWith503AndLosesNothingAcknowledged() async throws {
        let disk = try SmallDisk(megabytes: 8)
        defer { disk.unmount() }
        let path = disk.folder + "/oxo.sqlite"
        var server = try await TestServer.start(storage: .sqlite(path: path))
        let api = RawHTTP(baseURL: server.baseURL)
        #expect(try await api.send(.GET, "/health/ready").status == 200)
        let filler = try disk.fill()

        // Guests until the disk refuses: each answer is a new guest or the 503, never a 500.
        var acknowledged: [String] = []
        var refused: RawHTTP.Answer?
        for _ in 0..<5000 where refused == nil {
            let answer = try await api.send(.POST, "/v1/guests", body: "{}")
            if answer.status == 201 {
                acknowledged.append(try answer.decode(SessionGrant.self).token)
            } else {
                refused = answer
            }
        }
        let full = try #require(refused, "the disk never filled")
        expectRefused(full, 503, .storageUnavailable)
        expectRefused(try await api.send(.GET, "/health/ready"), 503, .storageUnavailable)

        // With room again the server takes writes at once, and after a restart every
        // guest it acknowledged is still there.
        try FileManager.default.removeItem(atPath: filler)
        #expect(try await api.send(.GET, "/health/ready").status == 200)
        #expect(try await api.send(.POST, "/v1/guests", body: "{}").status == 201)
        server = try await server.restarted(onSamePort: false)
        for token in [acknowledged.first, acknowledged.last].compactMap({ $0 }) {
            #expect(try await RawHTTP(baseURL: server.baseURL).send(.GET, "/v1/me", token: token).status == 200)
        }
        try await server.stop()
    }

    @Test
    func aReadOnlyDataFileStopsTheServerAtStart() async throws {
        let path = Self.freshDataPath()
        defer { TestStorage.removeSQLiteFolder(of: path) }
        try await TestServer.start(storage: .sqlite(path: path)).stop()
        let readOnly = try ReadOnlyFile(path: path)
        defer { readOnly.restore() }

        await #expect {
            try await TestServer.start(storage: .sqlite(path: path)).stop()
        } throws: { error in
            "\(error)".contains("read-only")
        }
    }

    static func freshDataPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("oxo-tests-\(UUID().uuidString)/oxo.sqlite").path
    }
}
