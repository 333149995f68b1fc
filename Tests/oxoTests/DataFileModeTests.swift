import Foundation
import OXOClient
import Testing

/// The data file holds password hashes, the push key and reset links: the server and the
/// backup commands create it, its companions and every copy readable by their owner only,
/// whatever the umask (this test process's is the usual 022).
@Suite("Data files are their owner's alone")
struct DataFileModeTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    @Test func theDataFileItsLogAndEveryBackupAreCreated0600() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        _ = try await OXOClient.register(username: "alice", email: "alice@example.org", password: "password-alice",
                                         at: URL(string: server.url)!)
        let data = server.folder.appendingPathComponent("oxo.sqlite").path
        for file in [data, data + "-wal", data + "-shm"] {
            let mode = try Self.mode(file)
            #expect(mode == 0o600, "\(file) is \(String(mode, radix: 8))")
        }

        let backup = server.folder.appendingPathComponent("backup.sqlite").path
        let made = try await Task.detached { try await OXOProcess.run(["admin", "backup", "--data", data, "--to", backup]) }.value
        #expect(made.status == 0, "\(made)")
        #expect(try Self.mode(backup) == 0o600)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let restored = folder.appendingPathComponent("oxo.sqlite").path
        let restoring = try await OXOProcess.run(["admin", "restore", "--data", restored, backup])
        #expect(restoring.status == 0, "\(restoring)")
        #expect(try Self.mode(restored) == 0o600)
    }
}
