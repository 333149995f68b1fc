import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe
@testable import oxo

/// `oxo online`'s screens of the larger boards, drawn by the app from what a real server
/// sends, at the smallest terminal it is made for.
@Suite("oxo online: the variants", .serialized)
@MainActor
struct OnlineVariantTests {
    static let smallest = Terminal.Size(columns: 80, rows: 24)
    static let plain = BoardRenderer(usesColour: false)

    @Test func aGomokuGameShowsItsWholeBoardOnAnEightyByTwentyFourScreen() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let alice = try await signUp("alice", on: server)
        let bob = try await signUp("bob", on: server)
        let app = OnlineApp(live: alice, lobby: await LobbyModel(on: alice), inbox: await InboxModel(on: alice), isPlain: false)

        await app.run("new x gomoku")
        let status = try #require(app.status)
        #expect(status.hasPrefix("Created game ") && status.hasSuffix(" (Gomoku): waiting for an opponent."), "\(status)")
        let model = try #require(app.game)
        await eventually("the game on alice's screen") { model.game != nil }
        _ = try await bob.client.join(model.id)
        await eventually("alice to move") { model.isMyTurn }
        await app.run("h8")
        let bobGame = await GameModel(model.id, on: bob)
        await eventually("bob to move") { bobGame.isMyTurn }
        try await bobGame.play(CellName.index(of: "i9", in: .gomoku)!).get()
        await eventually("alice to move again") { model.isMyTurn }

        await app.run("p1")
        #expect(app.status == "p1 is outside the board: type a column a–o and a row 1–15, like h8.")
        await app.run("I9")
        #expect(app.status == "i9 is already taken: choose an empty cell (·).")

        let screen = app.frame(renderer: Self.plain).fitted(to: Self.smallest)
        let shown = screen.joined(separator: "\n")
        print("oxo online, a Gomoku game at 80×24:\n\(shown)")
        #expect(screen.count == 24)
        #expect(screen[2] == "Game \(model.game!.code) · Gomoku · alice (X) vs bob (O) · you play X", "\(shown)")
        #expect(screen[3].hasPrefix("    a b c d e f g h i j k l m n o   Move 3: your turn (X)."), "\(shown)")
        #expect(screen[11].hasPrefix("  8 · · · · · · · X · · · · · · · "), "\(shown)")
        // The cursor stands where alice last typed, on bob's move.
        #expect(screen[12].hasPrefix("  9 · · · · · · · ·[O]· · · · · · "), "\(shown)")
        #expect(screen[18].hasPrefix(" 15 · "), "all fifteen rows: \(shown)")
        #expect(screen[20] == "i9 is already taken: choose an empty cell (·).")
        #expect(screen.last == "> ")
        #expect(screen.allSatisfy { Frame.visibleWidth(of: $0) <= 80 }, "\(shown)")

        // A status of two lines leaves room for fourteen rows: the view follows the cursor.
        await app.handle(.down)
        app.status = String(repeating: "a long word ", count: 10)
        let scrolled = app.frame(renderer: Self.plain).fitted(to: Self.smallest)
        #expect(scrolled.count == 24)
        #expect(scrolled[3].contains("rows 2–15 of 15"), "\(scrolled.joined(separator: "\n"))")
        await app.game?.close()
        await bobGame.close()
    }

    @Test func playRandomOnUltimatePairsTwoTerminalsAndSaysWhereToPlay() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        var apps: [OnlineApp] = []
        for name in ["alice", "bob"] {
            let live = try await signUp(name, on: server)
            apps.append(OnlineApp(live: live, lobby: await LobbyModel(on: live), inbox: await InboxModel(on: live), isPlain: false))
        }
        let following = apps.map { app in Task { await app.openStartedGames() } }
        defer { following.forEach { $0.cancel() } }

        await apps[0].run("random ultimate 3+2")
        #expect(apps[0].status == "Waiting for someone to play Ultimate…")
        await apps[1].run("random 3+2 ultimate")
        await eventually("both in one Ultimate game") {
            apps.allSatisfy { $0.game?.game?.variant == .ultimate && $0.game?.game?.phase == .live }
        }
        let x = try #require(apps.first { $0.game?.myMark == .x })
        let o = try #require(apps.first { $0.game?.myMark == .o })
        await x.run("e5")
        await eventually("O to move") { o.game?.isMyTurn == true }

        await o.run("a1")
        #expect(o.status == "a1 is in the top-left board, but this move must be in the centre board.")
        let screen = o.frame(renderer: Self.plain).fitted(to: Self.smallest)
        let shown = screen.joined(separator: "\n")
        #expect(screen[2].contains(" · Ultimate · "), "\(shown)")
        #expect(screen[3].hasPrefix("    a b c │ d e f │ g h i"), "\(shown)")
        // The cursor waits in the centre board, where O was sent, on X's move.
        #expect(screen.contains { $0.hasPrefix("  5       │ ·[X]· │       ") }, "dots in the centre board alone: \(shown)")
        #expect(screen.contains { $0.hasPrefix("O to play in the centre board.") }, "\(shown)")
        #expect(screen.allSatisfy { Frame.visibleWidth(of: $0) <= 80 }, "\(shown)")

        // The arrows stay within the centre board: right thrice stops at its edge; up; Enter.
        for key in [Key.right, .right, .right, .up, .enter] { await o.handle(key) }
        #expect(o.status == "You played f4.")
        await eventually("X sent to the top-right board") { x.game?.activeBoard == 2 }
        for app in apps { await app.game?.close() }
    }
}
