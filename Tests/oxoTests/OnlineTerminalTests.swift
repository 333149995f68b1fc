import Foundation
import OXOClient
import OXOProtocol
import Testing

/// `oxo online` as people use it: in real pseudo-terminals (tmux), against a real `oxo serve`.
@Suite("oxo online: the terminal client", .serialized)
@MainActor
struct OnlineTerminalTests {
    @Test(.enabled(if: TerminalPane.isAvailable, "tmux is not installed (apt-get install tmux): these tests type into a pseudo-terminal"))
    func twoTerminalPlayersPlayToAWinWithChatWhileAWatcherFollows() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-online-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await OXOClient.register(username: "bob", email: "bob@example.org", password: "password-bob",
                                         at: URL(string: server.url)!)
        let alice = try terminal("alice", on: server, in: folder)
        defer { alice.close() }
        let bob = try terminal("bob", on: server, in: folder)
        defer { bob.close() }

        // Alice registers at the terminal; bob signs in to the account he has.
        try await alice.waitFor("Sign in (s) or register (r)? >")
        for (answer, nextPrompt) in [("r", "Username >"), ("alice", "E-mail >"), ("alice@example.org", "Password >"), ("password-alice", "")] {
            try alice.type(answer)
            if !nextPrompt.isEmpty { try await alice.waitFor(nextPrompt) }
        }
        try await bob.waitFor("Sign in (s) or register (r)? >")
        for (answer, nextPrompt) in [("s", "Username or e-mail >"), ("bob", "Password >"), ("password-bob", "")] {
            try bob.type(answer)
            if !nextPrompt.isEmpty { try await bob.waitFor(nextPrompt) }
        }
        try await alice.waitFor("OXO · alice · online")
        try await bob.waitFor("alice  lobby")
        for name in ["alice", "bob"] {
            let saved = folder.appendingPathComponent("\(name)/oxo/sessions.json").path
            let mode = try FileManager.default.attributesOfItem(atPath: saved)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name)'s token is readable by \(name) alone")
        }

        try alice.type("new x")
        try await alice.waitFor("Waiting for an opponent")
        let carol = try await signUp("carol", on: server)
        let carolLobby = await LobbyModel(on: carol)
        await eventually("alice's game in the lobby") { carolLobby.openGames.count == 1 }
        let created = try #require(carolLobby.openGames.first)
        // Bob's first row is alice's open game: down to the players, back up, Enter joins it.
        try await bob.waitFor(created.code)
        try bob.press("Down")
        try bob.press("Up")
        try bob.press("Enter")
        try await bob.waitFor("you play O")
        let watcher = await GameModel(created.id, on: carol)

        try await alice.waitFor("Move 1: your turn (X).")
        try alice.type("a1")
        try await bob.waitFor("Move 2: your turn (O).")
        try bob.type("b1")
        // Alice's cursor is where she last played, a1: right and down bring it to b2, Enter plays it.
        try await alice.waitFor("Move 3: your turn (X).")
        try alice.press("Right")
        try alice.press("Down")
        try alice.press("Enter")
        try await bob.waitFor("Move 4: your turn (O).")
        // Each types only into the chat they see: the players' room on screen, the
        // watcher's model showing the game and so its room.
        try await bob.waitFor("Players' chat (say TEXT)")
        try bob.type("say good luck")
        try await alice.waitFor("bob: good luck")
        await eventually("the watcher to see the game's watchers' room") { watcher.chatRooms == [.watchers(created.id)] }
        try await watcher.say("go alice").get()
        try await bob.waitFor("carol: go alice")
        try bob.type("c1")
        try await alice.waitFor("Move 5: your turn (X).")
        try alice.type("c3")

        let won = try await alice.waitFor("X wins with a1-b2-c3. You won!")
        try await bob.waitFor("X wins with a1-b2-c3. You lost.")
        await eventually("the watcher to see the same win") {
            watcher.winner == .x && watcher.board.description == "XOO.X...X" && watcher.game?.watchers == 1
        }
        print("oxo online, alice's terminal after the win:\n\(won)")

        try alice.type("rematch")
        try await bob.waitFor("alice offers a rematch")
        try bob.type("rematch")
        try await alice.waitFor("you play O")
        try await bob.waitFor("you play X")
        // A smaller window: the screen is drawn again to fit, the prompt on its last line.
        try alice.resize(columns: 60, rows: 16)
        await eventually("alice's screen redrawn for 16 rows") {
            let rows = (try? alice.screen())?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
            return rows.count >= 16 && rows[15].hasPrefix(">") && rows[0].hasPrefix("OXO · alice")
        }
        try alice.type("quit")
        try await alice.waitFor("[exited 0]")
        try bob.press("C-c")
        try await bob.waitFor("[exited 0]")
        await carol.close()
    }

    @Test func withoutATerminalItWorksLineByLineAndKeepsTheSessionForNextTime() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-online-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path]

        let first = try RunningOXO(["online", "--server", server.url], environment: environment)
        #expect(await first.readUntilPrompt()?.contains("Sign in (s) or register (r)? > ") == true)
        for answer in ["r", "dave", "dave@example.org", "password-dave"] {
            first.type([answer])
            _ = await first.readUntilPrompt()
        }
        first.type(["new o"])
        while let shown = await first.readUntilPrompt(), !shown.contains("Waiting for an opponent") {}
        first.type(["quit"])
        let ended = await first.finish()
        #expect(ended.status == 0, "\(ended)")
        #expect(ended.output.contains("Signed in as dave; the session is kept in"), "\(ended)")
        #expect(!ended.output.contains("\u{1B}"), "no escape sequences when the output is not a terminal: \(ended)")

        let second = try RunningOXO(["online", "--server", server.url], environment: environment)
        while let shown = await second.readUntilPrompt(), !shown.contains("waiting for an opponent") {}
        second.endInput()
        let again = await second.finish()
        #expect(again.output.contains("Signed in as dave."), "\(again)")
        #expect(again.output.contains("Your games"), "\(again)")
        #expect(again.status == 0, "\(again)")
    }

    private func terminal(_ name: String, on server: ServeProcess, in folder: URL) throws -> TerminalPane {
        let oxo = try #require(OXOProcess.executable).path
        return try TerminalPane(name, running: [oxo, "online", "--server", server.url],
                                environment: ["XDG_CONFIG_HOME": folder.appendingPathComponent(name).path,
                                              "HOME": folder.path, "TERM": "xterm-256color"])
    }
}
