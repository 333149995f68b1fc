import Foundation
import NIOConcurrencyHelpers
import OXOClient
import OXOProtocol
import Testing

/// `oxo serve` stopped as an operator stops it (SIGTERM): players in the middle of a game
/// are told the server restarts (1012) and reconnect without waiting, every move it
/// acknowledged is stored, and the process exits 0 within `--shutdown-timeout`, even
/// when a client never answers the close.
@Suite("oxo serve stops gracefully", .serialized)
struct GracefulStopTests {
    @Test func playersMidGameHearTheRestartAndNoAcknowledgedMoveIsLost() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-stop-test-\(UUID().uuidString)")
        let server = try await ServeProcess(folder: folder, options: ["--shutdown-timeout", "5"])
        var registered: [(x: OXOClient, o: OXOClient)] = []
        for pair in 0..<3 {
            let url = URL(string: server.url)!
            registered.append((
                try await OXOClient.register(username: "stopx\(pair)", email: "stopx\(pair)@example.org", password: "password-x", at: url),
                try await OXOClient.register(username: "stopo\(pair)", email: "stopo\(pair)@example.org", password: "password-o", at: url)))
        }
        let players = registered
        let acknowledged = Ledger()
        let heardRestart = NIOLockedValueBox(0)
        let load = Task {
            await withTaskGroup(of: Void.self) { group in
                for (x, o) in players {
                    group.addTask { await Self.play(x: x, o: o, ledger: acknowledged, heardRestart: heardRestart) }
                }
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while acknowledged.count < 30, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }

        let (status, seconds) = await server.terminate()
        // The players reconnect at once after the 1012; a reconnect finds no server, so
        // they are left waiting for it and are stopped here.
        let heard = ContinuousClock.now + .seconds(10)
        while heardRestart.withLockedValue({ $0 }) < 2 * players.count, ContinuousClock.now < heard {
            try await Task.sleep(for: .milliseconds(20))
        }
        load.cancel()
        await load.value

        #expect(status == 0, "oxo serve exits 0 after SIGTERM")
        #expect(seconds < 5, "within --shutdown-timeout")
        #expect(heardRestart.withLockedValue { $0 } == 2 * players.count, "every player's socket was closed with 1012")
        let log = server.output
        for stage in ["stage=not_ready", "stage=sockets_closed", "stage=writes_drained", "stage=requests_finished", "OXO stopped"] {
            #expect(log.contains(stage), "the log tells the stage \(stage)")
        }
        #expect(log.contains("sockets=\(2 * players.count)"))

        let again = try await ServeProcess(folder: folder)
        defer { again.stop() }
        let reader = OXOClient(baseURL: URL(string: again.url)!, token: try #require(await players[0].x.token))
        let games = acknowledged.moves
        #expect(acknowledged.count >= 30)
        for (id, moves) in games {
            let game = try await reader.game(id)
            for (number, cell) in moves {
                #expect(game.moves.count >= number && game.moves[number - 1].cell == cell,
                        "move \(number) of game \(id), acknowledged before the stop, is stored")
            }
        }
    }

    @Test func aClientThatNeverAnswersTheCloseDoesNotHoldTheExitPastTheTimeout() async throws {
        let server = try await ServeProcess(options: ["--shutdown-timeout", "2"])
        let client = try await OXOClient.register(username: "silent", email: "silent@example.org", password: "password-s",
                                                  at: URL(string: server.url)!)
        let token = try #require(await client.token)
        let port = server.port
        let socket = try await onOwnThread { Result { try RawWebSocket(port: port, token: token) } }.get()
        async let closeCode = onOwnThread { socket.closeCodeUntilEnd() }
        let (status, seconds) = await server.terminate()

        #expect(await closeCode == 1012, "the server closed the socket for a restart")
        #expect(status == 0)
        // The server waits for the client's answer to its close up to the timeout (a client
        // that ignores it is otherwise cut off after 5 s), then exits.
        #expect(seconds >= 1.5 && seconds < 4, "exited \(seconds) s after SIGTERM, with --shutdown-timeout 2")
        #expect(server.output.contains("OXO stop cut short"), "\(server.output)")
        try? FileManager.default.removeItem(at: server.folder)
    }

    /// Plays game after game between `x` and `o` over their sockets, recording every move
    /// acknowledged, and counting the sockets closed with 1012 (the SDK's immediate
    /// reconnect, `.reconnecting` with no delay), until cancelled.
    static func play(x: OXOClient, o: OXOClient, ledger: Ledger, heardRestart: NIOLockedValueBox<Int>) async {
        guard let xLive = try? await x.connect(), let oLive = try? await o.connect() else { return }
        let listeners = [xLive, oLive].map { live in
            Task {
                for try await update in live {
                    if case .reconnecting(_, let delay) = update, delay == .zero { heardRestart.withLockedValue { $0 += 1 } }
                }
            }
        }
        defer {
            listeners.forEach { $0.cancel() }
        }
        do {
            while !Task.isCancelled {
                var game = try await o.join(try await x.createGame(side: .x).id)
                while game.phase == .live, let turn = game.turn, let cell = game.board.emptyCells.randomElement() {
                    let number = game.moves.count + 1
                    game = try await (turn == .x ? xLive : oLive).move(game: game.id, cell: cell, moveNumber: number)
                    ledger.record(game: game.id, number: number, cell: cell)
                }
            }
        } catch {
            // The server stopped: what it answered before is recorded. A game's creation or
            // join over HTTP fails as soon as the listener closes, a moment before the sockets
            // hear their 1012: they stay open until the test has listened, as an app's would.
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
        }
        await xLive.close()
        await oLive.close()
    }
}
