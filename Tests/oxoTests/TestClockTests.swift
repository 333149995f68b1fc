import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OXOClient
import OXOProtocol
import Testing

/// `oxo serve --test-clock`: the binary's clock stands still and moves only when the admin
/// says, so that whole-program tests pass deadlines without waiting for them.
@Suite("oxo serve --test-clock")
struct TestClockTests {
    static let adminToken = String(repeating: "t", count: 32)

    @Test func aCorrespondenceDeadlineThatPassedWhileTheServerWasDownEndsTheGameOnItsReturn() async throws {
        let start = "2030-01-01T00:00:00Z"
        let first = try await ServeProcess(adminToken: Self.adminToken, options: ["--test-clock", "--test-clock-start", start])
        defer { first.kill() }  // the data goes with the second server's stop
        let log = try String(contentsOf: first.log, encoding: .utf8)
        #expect(log.contains("test clock"), "a server on a test clock says so at start: \(log)")
        let alice = try await OXOClient.register(username: "alice", email: "alice@example.org", password: "password-alice",
                                                 at: URL(string: first.url)!)
        let bob = try await OXOClient.register(username: "bob", email: "bob@example.org", password: "password-bob",
                                               at: URL(string: first.url)!)
        let daily = TimeControl.correspondence(days: 1)
        let game = try await alice.createGame(side: .x, timeControl: daily)
        _ = try await bob.join(game.id)
        let moved = try await alice.move(game: game.id, cell: 4, moveNumber: 1)
        let deadline = try #require(moved.deadline)
        #expect(deadline == ISO8601DateFormatter().date(from: start)!.addingTimeInterval(24 * 3600), "bob's day starts on the test clock")
        first.kill()

        // Two days later on the server's clock: bob's day ran out while it was down.
        let second = try await ServeProcess(folder: first.folder, adminToken: Self.adminToken,
                                            options: ["--test-clock", "--test-clock-start", "2030-01-03T00:00:00Z"])
        defer { second.stop() }
        let again = try await OXOClient.login("alice", password: "password-alice", at: URL(string: second.url)!)
        let admin = URL(string: second.url + "/v1/admin/clock")!
        // The clock stands still, and its timers with it, until told to move.
        var request = URLRequest(url: admin)
        request.httpMethod = "POST"
        request.setValue("Bearer \(Self.adminToken)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"advance_seconds":1}"#.utf8)
        let (_, answer) = try await URLSession.shared.data(for: request)
        #expect((answer as? HTTPURLResponse)?.statusCode == 200)
        var ended = try await again.game(game.id)
        let patience = Date().addingTimeInterval(20)
        while ended.phase != .finished, Date() < patience {
            try await Task.sleep(for: .milliseconds(100))
            ended = try await again.game(game.id)
        }
        #expect(ended.phase == .finished)
        #expect(ended.result?.reason == .timeout && ended.result?.winner == .x)
    }
}
