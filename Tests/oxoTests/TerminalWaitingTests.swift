import Foundation
import OXOClient
import Testing
@testable import oxo

/// `oxo online` when the server is away and the window is small: a move typed says that it
/// waits, and long lines of status wrap between words.
@Suite("oxo online waits and wraps")
struct TerminalWaitingTests {
    @Test func aMoveTypedWhileTheServerIsDownSaysItWaitsAndIsPlayedWhenItIsBack() async throws {
        var server = try await ServeProcess()
        let url = URL(string: server.url)!
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-online-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bob = try await OXOClient.register(username: "bob", email: "bob@example.org", password: "password-bob", at: url)
        let alice = try RunningOXO(["online", "--server", server.url], environment: ["XDG_CONFIG_HOME": folder.path])
        _ = await alice.readUntilPrompt()
        for answer in ["r", "alice", "alice@example.org", "password-alice"] {
            alice.type([answer])
            _ = await alice.readUntilPrompt()
        }
        alice.type(["new x"])
        #expect(await alice.readUntil("Waiting for an opponent") != nil)
        let open = try #require(try await bob.openGames().games.first)
        _ = try await bob.join(open.id)
        #expect(await alice.readUntil("Move 1: your turn (X).") != nil)

        _ = await server.terminate()
        alice.type(["b2"])
        #expect(await alice.readUntil("Waiting for the server to come back: b2 is played when it does.") != nil)
        server = try await ServeProcess(folder: server.folder, port: server.port)
        defer { server.stop() }
        #expect(await alice.readUntil("You played b2.") != nil)
        alice.type(["quit"])
        _ = await alice.finish()
    }

    @Test func aLongStatusWrapsBetweenWordsAndTheFooterAlwaysShows() {
        let status = "Waiting for the server to come back: b2 is played when it does."
        let lines = Frame.wrapped(status, to: 40)
        #expect(lines == ["Waiting for the server to come back: b2", "is played when it does."])
        let body = (1...30).map { "line \($0)" }
        let frame = Frame(lines: body, footer: ["───"] + lines + ["help"], prompt: "> ")
        let shown = frame.fitted(to: Terminal.Size(columns: 40, rows: 20))
        #expect(shown.count == 20)
        #expect(Array(shown.suffix(5)) == ["───"] + lines + ["help", "> "])
    }
}
