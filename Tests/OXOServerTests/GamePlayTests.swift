import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

@Suite("Two players and a watcher")
struct GamePlayTests {
    struct Script: Sendable, CustomTestStringConvertible {
        let name: String
        /// Cells in the order played, X first.
        let moves: [Int]
        /// O resigns after the moves.
        let oResigns: Bool
        let winner: Mark?
        let reason: GameResult.Reason
        let line: [Int]?

        var testDescription: String { name }
    }

    static let scripts = [
        Script(name: "X wins on the top row", moves: [0, 3, 1, 4, 2], oResigns: false, winner: .x, reason: .line, line: [0, 1, 2]),
        Script(name: "O wins on the middle row", moves: [0, 3, 1, 4, 8, 5], oResigns: false, winner: .o, reason: .line, line: [3, 4, 5]),
        Script(name: "a draw", moves: [0, 1, 2, 4, 3, 5, 7, 6, 8], oResigns: false, winner: nil, reason: .draw, line: nil),
        Script(name: "O resigns", moves: [4, 0], oResigns: true, winner: .x, reason: .resignation, line: nil),
    ]

    @Test(arguments: scripts)
    func everyoneSeesEveryEventInOrder(script: Script) async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), carol = try await server.player("carol")
            var game = try await alice.createGame(side: .x)
            let topic = Topic.game(game.id)
            let connections = [try await alice.connect(following: [topic]), try await bob.connect(following: [topic]),
                               try await carol.connect(following: [topic])]
            var seen: [[RealtimeUpdate]] = []
            for connection in connections {
                seen.append(try await connection.updates { if case .snapshot = $0 { true } else { false } })
            }

            // Following counts Bob and Carol as watchers once that is committed, just after their
            // snapshots (their own `watchers_changed` says so): wait for it, so that the count the
            // last event carries cannot race it.
            let id = game.id
            try await within { while try await carol.game(id).watchers < 2 { try await Task.sleep(for: .milliseconds(5)) } }
            game = try await bob.join(game.id)
            for (number, cell) in script.moves.enumerated() {
                // X plays over the socket, O over REST: both are the same move to the server.
                game = number % 2 == 0 ? try await connections[0].move(cell, in: game) : try await bob.move(cell, in: game)
            }
            if script.oResigns { game = try await bob.resign(game.id) }

            for (index, connection) in connections.enumerated() {
                seen[index] += try await connection.events(until: .gameFinished, on: topic)
            }
            let events = seen.map { $0.events(on: topic) }
            for (index, list) in events.enumerated() {
                let snapshotSeq = seen[index].compactMap { if case .snapshot(_, let seq, _) = $0 { seq } else { nil } }.first!
                #expect(list.map(\.seq) == Array(snapshotSeq + 1 ..< snapshotSeq + 1 + list.count), "numbered one by one")
            }
            let plays = events.map { $0.filter { $0.event.kind != .watchersChanged }.map { "\($0.seq) \($0.event.kind.rawValue)" } }
            #expect(plays[0] == plays[1] && plays[1] == plays[2], "all three saw the same events")
            let movesShown = script.oResigns ? script.moves.count : script.moves.count - 1
            #expect(plays[0].map { $0.split(separator: " ")[1] } ==
                ["player_joined"] + Array(repeating: "move_played", count: movesShown) + ["game_finished"])

            let final = try #require(events[2].last!.event.game)
            #expect(final == game, "the last event shows the game as the last answer did")
            #expect(final.phase == .finished)
            #expect(final.result == GameResult(winner: script.winner, reason: script.reason,
                                               line: script.line))
            #expect(final.moves.map(\.cell) == script.moves)
            #expect(final.watchers == 1, "carol watches; the players do not count")
            #expect(try await carol.game(game.id) == final)

            for connection in connections { await connection.close() }
        }
    }
}
