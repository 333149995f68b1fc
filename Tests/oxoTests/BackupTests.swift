import Foundation
import NIOConcurrencyHelpers
import OXOClient
import OXOProtocol
import Testing

/// `oxo admin backup` while `oxo serve` takes moves, and `oxo admin restore` after it.
@Suite("oxo admin backup and restore")
struct BackupTests {
    @Test func aBackupTakenUnderLoadHoldsEveryAcknowledgedMoveAndServesOnceRestored() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let url = URL(string: server.url)!
        var pairs: [(OXOClient, OXOClient)] = []
        for pair in 0..<4 {
            pairs.append((try await Self.register("xplayer\(pair)", at: url), try await Self.register("oplayer\(pair)", at: url)))
        }
        let acknowledged = Acknowledged()
        let load = Task { await Self.play(pairs, noting: acknowledged) }
        while acknowledged.total < 40 { try await Task.sleep(for: .milliseconds(20)) }

        let before = acknowledged.moves
        let backup = server.folder.appendingPathComponent("backup.sqlite").path
        let data = server.folder.appendingPathComponent("oxo.sqlite").path
        let made = try await Task.detached { try await OXOProcess.run(["admin", "backup", "--data", data, "--to", backup]) }.value
        let during = acknowledged.total
        load.cancel()
        await load.value
        #expect(made.status == 0, "\(made)")
        #expect(made.errors.contains("pages"), "a progress line: \(made)")
        #expect(during > before.values.reduce(0, +), "the moves went on while the backup was taken")

        let refused = try await OXOProcess.run(["admin", "restore", "--data", data, backup])
        #expect(refused.status != 0 && refused.errors.contains("in use"), "\(refused)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let restoredData = folder.appendingPathComponent("oxo.sqlite").path
        let restoring = try await OXOProcess.run(["admin", "restore", "--data", restoredData, backup])
        #expect(restoring.status == 0, "\(restoring)")
        let restored = try await ServeProcess(folder: folder)
        defer { restored.stop() }
        let reader = try await OXOClient.login("xplayer0", password: "password-xplayer0", at: URL(string: restored.url)!)
        for (game, moves) in before {
            let kept = try await reader.game(game).moves.count
            #expect(kept >= moves, "game \(game): \(moves) moves acknowledged before the backup, \(kept) in it")
        }
    }

    private static func register(_ name: String, at url: URL) async throws -> OXOClient {
        try await OXOClient.register(username: name, email: "\(name)@example.org", password: "password-\(name)", at: url)
    }

    /// Each pair plays game after game, a move at a time, noting each move once it is answered.
    private static func play(_ pairs: [(OXOClient, OXOClient)], noting acknowledged: Acknowledged) async {
        await withTaskGroup(of: Void.self) { group in
            for (x, o) in pairs {
                group.addTask {
                    while !Task.isCancelled {
                        guard var game = try? await o.join(try await x.createGame(side: .x).id) else { return }
                        for (index, cell) in [4, 0, 8, 2, 1, 7, 6, 3, 5].enumerated() where game.phase == .live {
                            guard !Task.isCancelled, let moved = try? await (index.isMultiple(of: 2) ? x : o).move(cell, in: game)
                            else { return }
                            game = moved
                            acknowledged.note(game)
                        }
                    }
                }
            }
        }
    }
}

/// How many moves of each game the server has acknowledged so far.
private final class Acknowledged: Sendable {
    private let counts = NIOLockedValueBox<[GameID: Int]>([:])

    func note(_ game: GameView) { counts.withLockedValue { $0[game.id] = game.moves.count } }
    var moves: [GameID: Int] { counts.withLockedValue { $0 } }
    var total: Int { moves.values.reduce(0, +) }
}
