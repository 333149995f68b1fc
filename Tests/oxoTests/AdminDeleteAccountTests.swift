import Foundation
import OXOClient
import OXOProtocol
import Testing

/// `oxo admin delete-account`: a moderator deletes an account by name through a running server.
@Suite("oxo admin delete-account")
struct AdminDeleteAccountTests {
    /// Begins with a dash, as a token may: both `serve --admin-token` and `admin --token` take it.
    static let adminToken = "-" + String(repeating: "k", count: 39)

    @Test func aModeratorDeletesAnAccountAndItsTokenStopsWorking() async throws {
        let server = try await ServeProcess(options: ["--admin-token", Self.adminToken])
        defer { server.stop() }
        let mallory = try await OXOClient.register(username: "mallory", email: "mallory@example.org",
                                                   password: "password-mallory", at: URL(string: server.url)!)
        let arguments = ["admin", "delete-account", "--url", server.url, "--token", Self.adminToken, "mallory"]

        let run = try await OXOProcess.run(arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("Deleted the account of mallory"), "\(run)")
        do {
            _ = try await mallory.me()
            Issue.record("the deleted account's token still works")
        } catch let error as APIError {
            #expect(error.code == .unauthorized)
        }

        let again = try await OXOProcess.run(arguments)
        #expect(again.status != 0, "\(again)")
        #expect(again.errors.contains("(player_not_found)"), "\(again)")
    }
}
