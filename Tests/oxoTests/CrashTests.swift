import Foundation
import NIOConcurrencyHelpers
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

/// Acknowledged means committed: the server is killed (SIGKILL, no warning) at random
/// moments while players move as fast as they can, twenty times, and started again on
/// its data each time. Every move it answered must be there, and every game must replay
/// from its moves to the state the server stored for it.
@Suite("A killed server loses no acknowledged move", .serialized)
struct CrashTests {
    static let kills = 20
    static let pairs = 6
    static let movesBetweenKills = 10

    @Test func twentyKillsUnderLoadLoseNoAcknowledgedMove() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-crash-test-\(UUID().uuidString)")
        var server = try await ServeProcess(folder: folder)
        defer { server.stop() }
        var tokens: [String] = []
        for index in 0..<(2 * Self.pairs) {
            let client = try await OXOClient.register(username: "crash\(index)", email: "crash\(index)@example.org",
                                                      password: "password-\(index)", at: URL(string: server.url)!)
            tokens.append(try #require(await client.token))
        }
        let acknowledged = Ledger()
        for _ in 0..<Self.kills {
            let clients = tokens.map { OXOClient(baseURL: URL(string: server.url)!, token: $0, timeout: .seconds(5)) }
            let load = Task {
                await withTaskGroup(of: Void.self) { group in
                    for pair in 0..<Self.pairs {
                        group.addTask { await Self.play(x: clients[2 * pair], o: clients[2 * pair + 1], ledger: acknowledged) }
                    }
                }
            }
            // Killed at a random moment once the load has moved since the last start, so a
            // slow machine is killed as often mid-game as a fast one, only later.
            let before = acknowledged.count
            let deadline = ContinuousClock.now + .seconds(120)
            while acknowledged.count < before + Self.movesBetweenKills, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...600)))
            server.kill()
            await load.value
            server = try await ServeProcess(folder: folder)
        }
        let reader = OXOClient(baseURL: URL(string: server.url)!, token: tokens[0])
        let games = acknowledged.moves
        let moveCount = games.values.reduce(0) { $0 + $1.count }
        print("crash test: \(Self.kills) kills, \(games.count) games, \(moveCount) acknowledged moves checked")
        #expect(moveCount >= Self.movesBetweenKills * Self.kills, "the load played between the kills")
        for (id, moves) in games {
            let game = try await reader.game(id)
            for (number, cell) in moves {
                #expect(game.moves.count >= number && game.moves[number - 1].cell == cell,
                        "move \(number) of game \(id), acknowledged before a kill, is stored")
            }
            try Self.expectReplays(game)
        }
    }

    /// Plays game after game between `x` and `o` until the server stops answering,
    /// recording every move it acknowledged.
    static func play(x: OXOClient, o: OXOClient, ledger: Ledger) async {
        do {
            while true {
                var game = try await o.join(try await x.createGame(side: .x).id)
                while game.phase == .live, let turn = game.turn, let cell = game.board.emptyCells.randomElement() {
                    let number = game.moves.count + 1
                    game = try await (turn == .x ? x : o).move(game: game.id, cell: cell, moveNumber: number)
                    ledger.record(game: game.id, number: number, cell: cell)
                }
            }
        } catch {
            // The server was killed: what it answered before is recorded.
        }
    }

    /// The game as stored replays from its moves: the board, whose turn, the result.
    static func expectReplays(_ game: GameView) throws {
        let state = try VariantGame(game.variant, moves: game.moves.map(\.cell))
        #expect(game.board == Grid(state.cells))
        switch game.phase {
        case .live:
            #expect(game.turn == state.turn && !state.status.isOver, "a live game \(game.id) is not over by its moves")
        case .finished:
            switch game.result?.reason {
            case .line: #expect(state.status.winningLine != nil && game.result?.winner == state.status.winner)
            case .draw: #expect(state.status == .draw)
            default: #expect(!state.status.isOver || game.result?.reason == nil, "game \(game.id) ended otherwise only before its moves did")
            }
        case .open:
            #expect(game.moves.isEmpty)
        }
    }
}

/// The moves the server acknowledged, by game and number.
final class Ledger: Sendable {
    private let acknowledged = NIOLockedValueBox<[GameID: [Int: Int]]>([:])

    func record(game: GameID, number: Int, cell: Int) {
        acknowledged.withLockedValue { $0[game, default: [:]][number] = cell }
    }

    var moves: [GameID: [Int: Int]] { acknowledged.withLockedValue { $0 } }

    var count: Int { acknowledged.withLockedValue { $0.values.reduce(0) { $0 + $1.count } } }
}
