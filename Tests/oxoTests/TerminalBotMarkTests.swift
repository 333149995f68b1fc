import Foundation
import OXOClient
import Testing

/// A bot is marked wherever its name appears in `oxo online`, as in the web client.
@Suite("oxo online marks bots")
struct TerminalBotMarkTests {
    static let adminToken = String(repeating: "t", count: 32)

    @Test func aBotOnlineIsListedWithItsMark() async throws {
        let server = try await ServeProcess(adminToken: Self.adminToken)
        defer { server.stop() }
        let made = try await OXOProcess.run(["admin", "bot", "create", "robot", "--url", server.url],
                                            environment: ["OXO_ADMIN_TOKEN": Self.adminToken])
        let line = try #require(made.output.split(separator: "\n").first { $0.hasPrefix("OXO_BOT_PASSWORD=") }, "\(made)")
        let robot = try await OXOClient.login("robot", password: String(line.dropFirst("OXO_BOT_PASSWORD=".count)),
                                              at: URL(string: server.url)!)
        let online = try await robot.connect()
        defer { Task { await online.close() } }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-online-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dave = try RunningOXO(["online", "--server", server.url], environment: ["XDG_CONFIG_HOME": folder.path])
        _ = await dave.readUntilPrompt()
        for answer in ["r", "dave", "dave@example.org", "password-dave"] {
            dave.type([answer])
            _ = await dave.readUntilPrompt()
        }
        var shown = ""
        for _ in 0..<50 where !shown.contains("robot [bot]") {
            dave.type(["bell"])  // any command redraws the lobby, with whoever is online now
            shown = await dave.readUntilPrompt() ?? ""
        }
        dave.type(["quit"])
        let ended = await dave.finish()
        #expect(shown.contains("robot [bot]"), "\(ended)")
    }
}
